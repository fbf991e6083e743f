import type { ModelManifest } from '@hullscope/contract';
import { classPalette, classPercentages, smallColourMask } from '../src/inference/postprocess.js';
import type { Segmentation } from '../src/inference/segment.js';
import { renderStatChart } from '../src/inference/stat-chart.js';
import { encodeIndexedPng } from '../src/media/indexed-png.js';
import {
  type RgbImage,
  blendThumbnail,
  encodeJpeg,
  thumbnailPhoto,
  thumbnailSize,
} from '../src/media/renditions.js';
import { median } from './bench-support.js';

/** Wall and CPU milliseconds (every thread of this process) of one piece of the rendering. */
export interface PieceCost {
  piece: string;
  wallMs: number;
  cpuMs: number;
}

async function cost(piece: string, runs: number, work: () => Promise<unknown>): Promise<PieceCost> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const before = process.cpuUsage();
    const started = performance.now();
    await work();
    wall.push(performance.now() - started);
    const { user, system } = process.cpuUsage(before);
    cpu.push((user + system) / 1000);
  }
  return { piece, wallMs: median(wall), cpuMs: median(cpu) };
}

/**
 * What each output of one predicted image costs alone, one after another (the pipeline runs them
 * at once, so its render stage is shorter than their sum): ORG, PRED and the thumbnail, from the
 * resized photo and its segmentation.
 */
export async function renderPieceCosts(
  rgb: RgbImage,
  segmentation: Segmentation,
  manifest: ModelManifest,
  runs: number,
): Promise<PieceCost[]> {
  const palette = classPalette(manifest.classes);
  const { width, height } = segmentation;
  return [
    await cost('ORG JPEG', runs, () => encodeJpeg(rgb)),
    await cost('PRED PNG', runs, () => encodeIndexedPng(segmentation.classes, width, height, palette)),
    await cost('thumbnail', runs, async () =>
      blendThumbnail(
        await thumbnailPhoto(rgb),
        smallColourMask(segmentation, palette, thumbnailSize(width, height)),
      ),
    ),
  ];
}

/**
 * What the STAT chart of one predicted image costs alone: not in the pipeline, it is drawn when first
 * asked for (stat-chart-file.ts), with the title the pipeline's model gives it.
 */
export function statChartCost(
  segmentation: Segmentation,
  manifest: ModelManifest,
  runs: number,
): Promise<PieceCost> {
  const percentages = classPercentages(segmentation, manifest.classes);
  const title = `${manifest.name} ${manifest.version}`;
  return cost('STAT chart', runs, () => renderStatChart(percentages, title));
}
