import path from 'node:path';
import type { ModelFolder } from '../inference/model-files.js';
import { segment } from '../inference/segment.js';
import type { FusedSession } from '../inference/session-cache.js';
import { openImage } from '../media/open-image.js';
import { type RgbImage, resizeToRgb } from '../media/renditions.js';
import { STANDARD_SIDE, decodeStandardInput } from '../media/standard-input.js';
import type { RegionsFile } from './real-regions-file.js';
import {
  GROUP_RULES,
  type Point,
  READ_RIGHT_MIN_SHARE,
  type RegionGroup,
  type RegionScore,
  rasterisePolygon,
  scalePolygon,
  scoreRegion,
  type Tally,
  tallyRegions,
} from './region-scoring.js';

export interface ScoredRegion extends RegionScore {
  id: string;
  group: RegionGroup;
  note?: string;
}

/**
 * What the model reads as macrofouling on whole photos people judged free of it (issue 45 §3): its
 * misreadings of edges, tags, film and shadows on real hulls, the floor below which a share is noise.
 */
export interface MacrofoulingNoise {
  photos: { file: string; macrofouling_share: number }[];
  /** The largest share (0-1 of the surface) among those photos; null when the file marks none. */
  max_share: number | null;
}

export interface RegionsReport {
  regions_file: string;
  /** The photos' folder, relative to the working directory. */
  images_dir: string;
  rule: { read_right_min_share: number; groups: Record<RegionGroup, string> };
  images: {
    file: string;
    width: number;
    height: number;
    /** Of the photo's surface (the classes counted in the percentages), the share read as macrofouling. */
    macrofouling_share: number;
    /** The prediction's confidence (mean of each pixel's largest class probability), as stored for a prediction. */
    confidence: number;
    regions: ScoredRegion[];
  }[];
  by_group: Partial<Record<RegionGroup, Tally>>;
  total: Tally;
  macrofouling_noise: MacrofoulingNoise;
}

/** The share of the surface read as a macrofouling class, over every pixel of the photo. */
export function macrofoulingShare(
  predicted: Uint8Array,
  classes: ModelFolder['manifest']['classes'],
): number {
  let surface = 0;
  let macrofouling = 0;
  for (const label of predicted) {
    const modelClass = classes[label]!;
    if (!modelClass.in_percentages) continue;
    surface += 1;
    if (modelClass.fouling_category === 'macrofouling') macrofouling += 1;
  }
  return surface === 0 ? 0 : macrofouling / surface;
}

/** One evaluated photo as the overlays draw it: the pixels the model saw and what it read. */
export interface EvaluatedPhoto {
  file: string;
  rgb: RgbImage;
  predicted: Uint8Array;
  regions: (ScoredRegion & { polygon: Point[] })[];
}

export interface EvaluateRegionsOptions {
  regionsFile: string;
  /** The longest side the photos are resized to, as a resolution would (never up). */
  maxSide: number;
  maxTilePixels: number;
  /** Called once per photo, e.g. to draw an overlay; its pixels are not kept after it returns. */
  onPhoto?: (photo: EvaluatedPhoto) => Promise<void>;
}

/**
 * Runs the production inference code (the same open, resize, normalisation, padding and tiling as a
 * prediction) on each labelled real photo and scores its coarse regions (region-scoring.ts).
 */
export async function evaluateRegions(
  session: FusedSession,
  folder: ModelFolder,
  regions: RegionsFile & { imagesDir: string },
  options: EvaluateRegionsOptions,
): Promise<RegionsReport> {
  const images: RegionsReport['images'] = [];
  for (const labelled of regions.images) {
    const file = path.join(regions.imagesDir, labelled.file);
    const opened = await openImage(file, Number.MAX_SAFE_INTEGER);
    if (opened.width !== labelled.width || opened.height !== labelled.height) {
      throw new Error(
        `${file} is ${opened.width} × ${opened.height}, but its regions were drawn on ${labelled.width} × ${labelled.height}`,
      );
    }
    // At the standard resolution a prediction reads the pixels the upload decoded (standard-input.ts).
    const rgb =
      options.maxSide === STANDARD_SIDE
        ? await decodeStandardInput(file, Number.MAX_SAFE_INTEGER)
        : await resizeToRgb(opened, options.maxSide);
    const { classes: predicted, confidence } = await segment(session, folder.manifest, rgb, {
      maxTilePixels: options.maxTilePixels,
    });
    const scored = labelled.regions.map((region) => {
      const polygon = scalePolygon(region.polygon, labelled, rgb);
      const pixels = rasterisePolygon(polygon, rgb.width, rgb.height);
      if (pixels.length === 0)
        throw new Error(`region ${region.id} covers no pixel at ${rgb.width} × ${rgb.height}`);
      const score = scoreRegion(pixels, predicted, folder.manifest.classes, region.group);
      return { id: region.id, group: region.group, note: region.note, ...score, polygon };
    });
    await options.onPhoto?.({ file: labelled.file, rgb, predicted, regions: scored });
    images.push({
      file: labelled.file,
      width: rgb.width,
      height: rgb.height,
      macrofouling_share: macrofoulingShare(predicted, folder.manifest.classes),
      confidence,
      regions: scored.map(({ polygon: _drawn, ...region }) => region),
    });
  }
  const { total, by_group } = tallyRegions(images.flatMap((image) => image.regions));
  const free = new Set(regions.images.filter((image) => image.macrofouling_free).map((image) => image.file));
  const unfouled = images
    .filter((image) => free.has(image.file))
    .map((image) => ({ file: image.file, macrofouling_share: image.macrofouling_share }));
  return {
    regions_file: options.regionsFile,
    // Relative, so a report kept in the repository names no one's home folder.
    images_dir: path.relative(process.cwd(), regions.imagesDir) || '.',
    rule: { read_right_min_share: READ_RIGHT_MIN_SHARE, groups: GROUP_RULES },
    images,
    by_group,
    total,
    macrofouling_noise: {
      photos: unfouled,
      max_share:
        unfouled.length === 0 ? null : Math.max(...unfouled.map((photo) => photo.macrofouling_share)),
    },
  };
}
