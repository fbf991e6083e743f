import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRegionsFile } from '../../src/evaluation/real-regions-file.js';
import {
  READ_RIGHT_MIN_SHARE,
  type RegionGroup,
  acceptsClass,
  rasterisePolygon,
  scalePolygon,
} from '../../src/evaluation/region-scoring.js';
import { MODEL_FILE, readModelFolder } from '../../src/inference/model-files.js';
import { segment } from '../../src/inference/segment.js';
import { SessionCache } from '../../src/inference/session-cache.js';
import { DEFAULT_MAX_TILE_PIXELS } from '../../src/inference/tile-plan.js';
import { openImage } from '../../src/media/open-image.js';
import { resizeToRgb } from '../../src/media/renditions.js';

const run = promisify(execFile);
const repositoryRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const REGIONS_FILE = path.join(repositoryRoot, 'ml/real-eval/regions.json');
// The photos are not in the repository (shared/data/real-samples/README.md); a checkout without the
// shared folder beside it cannot run the end-to-end part.
const SAMPLES = path.resolve(repositoryRoot, '../shared/data/real-samples');
const samplesPresent = existsSync(SAMPLES);
// Tubeworms, clean paint and tags: three of the four groups in one photo.
const SAMPLE = '000112-Eg0gnVJjIm.jpg';
const MODEL_DIR = path.join(repositoryRoot, 'models/evo');

describe('ml/real-eval/regions.json', () => {
  it('is a valid regions file whose photos sit in the shared samples folder', async () => {
    const regions = await readRegionsFile(REGIONS_FILE);
    expect(regions.imagesDir).toBe(SAMPLES);
    expect(regions.images.map((image) => image.file)).toContain(SAMPLE);
    const groups = new Set(regions.images.flatMap((image) => image.regions.map((region) => region.group)));
    expect([...groups].sort()).toEqual(['clean', 'macrofouling', 'not_macrofouling', 'surface']);
  });

  it('is refused by model:eval without --regions when its options are given', async () => {
    const failure = await run(
      process.execPath,
      [
        '--conditions=source',
        '--import',
        'tsx',
        'apps/api/src/cli/model-eval.ts',
        '--model',
        'evo',
        '--overlays',
        'x',
      ],
      { cwd: repositoryRoot },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr).toMatch(
      /Give --images and --masks, or --regions, or both\.\nUsage:/,
    );
  });

  it('refuses a polygon that leaves its photo', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'hullscope-regions-'));
    try {
      const file = path.join(dir, 'regions.json');
      const polygon = [
        [0, 0],
        [10, 0],
        [10, 600],
      ];
      const image = {
        file: 'a.jpg',
        width: 512,
        height: 512,
        regions: [{ id: 'r', group: 'clean', polygon }],
      };
      await writeFile(file, JSON.stringify({ images: [image] }));
      await expect(readRegionsFile(file)).rejects.toThrow(
        /region "r" has a point outside the 512 × 512 photo/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// The niche-area and dry-dock photos (shared/data/real-samples-niche) have a regions file of their own.
const NICHE_REGIONS_FILE = path.join(repositoryRoot, 'ml/real-eval/regions-niche.json');
const NICHE_SAMPLES = path.resolve(repositoryRoot, '../shared/data/real-samples-niche');

describe('ml/real-eval/regions-niche.json', () => {
  it('is a valid regions file whose photos sit in the shared niche samples folder', async () => {
    const regions = await readRegionsFile(NICHE_REGIONS_FILE);
    expect(regions.imagesDir).toBe(NICHE_SAMPLES);
    const groups = new Set(regions.images.flatMap((image) => image.regions.map((region) => region.group)));
    expect([...groups].sort()).toEqual(['clean', 'macrofouling', 'not_macrofouling', 'surface']);
  });

  // A wrong size would scale every polygon of the photo off its surface without any error.
  it.skipIf(!existsSync(NICHE_SAMPLES))(
    'states each photo’s own size, the polygons’ coordinate system',
    async () => {
      const regions = await readRegionsFile(NICHE_REGIONS_FILE);
      for (const image of regions.images) {
        const metadata = await sharp(path.join(NICHE_SAMPLES, image.file)).metadata();
        expect({ file: image.file, width: metadata.width, height: metadata.height }).toEqual({
          file: image.file,
          width: image.width,
          height: image.height,
        });
      }
    },
  );
});

describe.skipIf(!samplesPresent)(
  samplesPresent
    ? `npm run model:eval -- --regions on ${SAMPLE} with the bundled Evo`
    : `npm run model:eval -- --regions end to end: skipped, ${SAMPLES} is absent`,
  () => {
    let dir: string;
    let report: {
      model: { key: string };
      resolution: number;
      real_regions: {
        rule: { read_right_min_share: number; groups: Record<string, string> };
        images: {
          file: string;
          width: number;
          height: number;
          regions: {
            id: string;
            group: RegionGroup;
            pixels: number;
            accepted_pixels: number;
            accepted_share: number;
            read_right: boolean;
            predicted: Record<string, number>;
          }[];
        }[];
        by_group: Record<string, { regions: number; read_right: number }>;
        total: { regions: number; read_right: number };
      };
    };
    let stdout: string;

    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'hullscope-real-eval-'));
      const all = JSON.parse(await readFile(REGIONS_FILE, 'utf8')) as { images: { file: string }[] };
      const regionsFile = path.join(dir, 'one-photo.json');
      await writeFile(
        regionsFile,
        JSON.stringify({ images_dir: SAMPLES, images: all.images.filter((image) => image.file === SAMPLE) }),
      );
      const out = path.join(dir, 'report.json');
      ({ stdout } = await run(
        process.execPath,
        [
          '--conditions=source',
          '--import',
          'tsx',
          'apps/api/src/cli/model-eval.ts',
          '--model',
          MODEL_DIR,
          '--regions',
          regionsFile,
          '--overlays',
          path.join(dir, 'overlays'),
          '--out',
          out,
        ],
        { cwd: repositoryRoot },
      ));
      report = JSON.parse(await readFile(out, 'utf8'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('reports every region of the photo at standard resolution, with the rule, group tallies and total', async () => {
      const labelled = (await readRegionsFile(REGIONS_FILE)).images.find((image) => image.file === SAMPLE)!;
      expect(report.model.key).toBe('evo');
      expect(report.resolution).toBe(800);
      const { real_regions: real } = report;
      expect(real.rule.read_right_min_share).toBe(READ_RIGHT_MIN_SHARE);
      expect(Object.keys(real.rule.groups).sort()).toEqual([
        'clean',
        'macrofouling',
        'not_macrofouling',
        'surface',
      ]);
      expect(real.images).toHaveLength(1);
      // 512 × 512 is under the standard 800 px and is never enlarged.
      expect(real.images[0]).toMatchObject({ file: SAMPLE, width: 512, height: 512 });
      const regions = real.images[0]!.regions;
      expect(regions.map((region) => [region.id, region.group])).toEqual(
        labelled.regions.map((region) => [region.id, region.group]),
      );
      const readRight = regions.filter((region) => region.read_right).length;
      expect(real.total).toEqual({ regions: regions.length, read_right: readRight });
      for (const group of new Set(regions.map((region) => region.group))) {
        const inGroup = regions.filter((region) => region.group === group);
        expect(real.by_group[group]).toEqual({
          regions: inGroup.length,
          read_right: inGroup.filter((region) => region.read_right).length,
        });
      }
      expect(stdout).toContain(`total: ${readRight} of ${regions.length} regions read right`);
      const overlay = await sharp(path.join(dir, 'overlays', 'evo-000112-Eg0gnVJjIm.png')).metadata();
      expect([overlay.format, overlay.width, overlay.height]).toEqual(['png', 1024, 512]);
    });

    it('counts each region’s pixels as the scoring rules define, on the class map the production code gives', async () => {
      const labelled = (await readRegionsFile(REGIONS_FILE)).images.find((image) => image.file === SAMPLE)!;
      const folder = await readModelFolder(MODEL_DIR);
      const sessions = new SessionCache(availableParallelism());
      try {
        const session = await sessions.get(path.join(MODEL_DIR, MODEL_FILE), folder.manifest.input);
        const rgb = await resizeToRgb(
          await openImage(path.join(SAMPLES, SAMPLE), Number.MAX_SAFE_INTEGER),
          800,
        );
        const { classes: predicted } = await segment(session, folder.manifest, rgb, {
          maxTilePixels: DEFAULT_MAX_TILE_PIXELS,
        });
        for (const [index, region] of report.real_regions.images[0]!.regions.entries()) {
          const polygon = scalePolygon(labelled.regions[index]!.polygon, labelled, rgb);
          const pixels = rasterisePolygon(polygon, rgb.width, rgb.height);
          const counts = Object.fromEntries(
            folder.manifest.classes.map((modelClass) => [modelClass.label, 0]),
          );
          for (const pixel of pixels) counts[folder.manifest.classes[predicted[pixel]!]!.label]! += 1;
          const accepted = folder.manifest.classes
            .filter((modelClass) => acceptsClass(region.group, modelClass))
            .reduce((sum, modelClass) => sum + counts[modelClass.label]!, 0);
          expect(region.pixels, region.id).toBe(pixels.length);
          expect(region.predicted, region.id).toEqual(counts);
          expect(region.accepted_pixels, region.id).toBe(accepted);
          expect(region.accepted_share, region.id).toBeCloseTo(accepted / pixels.length, 12);
          expect(region.read_right, region.id).toBe(accepted / pixels.length >= READ_RIGHT_MIN_SHARE);
        }
      } finally {
        await sessions.close();
      }
    });
  },
);
