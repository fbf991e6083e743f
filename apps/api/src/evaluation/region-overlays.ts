import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { ModelClass } from '@hullscope/contract';
import sharp from 'sharp';
import { classPalette } from '../inference/postprocess.js';
import type { EvaluatedPhoto } from './evaluate-regions.js';

const READ_RIGHT = '#00E676';
const READ_WRONG = '#FF1744';

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Every region's outline (green read right, red not) and its id and accepted share, as SVG. */
function outlines(photo: EvaluatedPhoto): string {
  return photo.regions
    .map((region) => {
      const colour = region.read_right ? READ_RIGHT : READ_WRONG;
      const points = region.polygon.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
      const [labelX, labelY] = region.polygon.reduce(([minX, minY], [x, y]) => [
        Math.min(minX, x),
        Math.min(minY, y),
      ]);
      const label = `${region.id} ${(region.accepted_share * 100).toFixed(0)}%`;
      return (
        `<polygon points="${points}" fill="none" stroke="${colour}" stroke-width="2"/>` +
        `<text x="${labelX + 3}" y="${labelY + 12}" font-family="DejaVu Sans, sans-serif" font-size="11" ` +
        `fill="${colour}" stroke="#000" stroke-width="0.4">${escapeXml(label)}</text>`
      );
    })
    .join('');
}

/**
 * Writes `<dir>/<model>-<photo>.png` for inspecting a region evaluation: the photo as the model saw
 * it beside the predicted class map in the manifest's colours, both with the regions outlined.
 */
export async function writeRegionOverlay(
  dir: string,
  modelKey: string,
  classes: ModelClass[],
  photo: EvaluatedPhoto,
): Promise<string> {
  const { width, height } = photo.rgb;
  const palette = classPalette(classes);
  const colours = Buffer.alloc(width * height * 3);
  photo.predicted.forEach((index, pixel) =>
    colours.set(palette.subarray(index * 3, index * 3 + 3), pixel * 3),
  );
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${outlines(photo)}</svg>`,
  );
  const panel = (data: Buffer) =>
    sharp(data, { raw: { width, height, channels: 3 } })
      .composite([{ input: svg }])
      .png()
      .toBuffer();
  const [left, right] = await Promise.all([panel(photo.rgb.data), panel(colours)]);
  await mkdir(dir, { recursive: true });
  const out = path.join(dir, `${modelKey}-${photo.file.replace(/\.[^.]+$/, '')}.png`);
  await sharp({ create: { width: width * 2, height, channels: 3, background: '#000000' } })
    .composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: width, top: 0 },
    ])
    .png()
    .toFile(out);
  return out;
}
