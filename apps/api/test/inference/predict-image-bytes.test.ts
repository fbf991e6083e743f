import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_FILE, type ModelFolder, readModelFolder } from '../../src/inference/model-files.js';
import { type ImagePrediction, predictImage } from '../../src/inference/predict-image.js';
import { type FusedSession, SessionCache } from '../../src/inference/session-cache.js';
import { openImage } from '../../src/media/open-image.js';
import { type RgbImage, resizeToRgb } from '../../src/media/renditions.js';
import { noiseImage } from '../support/images.js';
import { FIXTURE_MODELS_DIR } from '../support/test-app.js';

/**
 * The SHA-256 of ORG, PRED and the thumbnail of the fixed photo below, as the pipeline made them
 * from the same pixels before its stages were overlapped (issue 44 §2): the rendering must not
 * change what the API serves by one byte.
 * STAT is no longer the pipeline's: it is drawn when first asked for (stat-chart-file.ts).
 */
const BEFORE = {
  org: '9642adb670dd2ed24abda90a021de98640724aa4613846bad078919cfe2545bb',
  pred: '65fc3c5ba2229fa2ba870409f7735a541beea3f47cee98428abec8e6a83edf55',
  thumbnail: '490d674193ce27b6d33f07feb110394f7b5b0889d5904895b675ba5824ad4eaa',
};

const WIDTH = 1600;
const HEIGHT = 1200;
let folder: ModelFolder;
let session: FusedSession;
let dir: string;
let photo: string;
const sessions = new SessionCache(1);

/** Four colour regions the fixture model tells apart, with grain, as a JPEG like a camera's. */
async function fixedPhoto(file: string): Promise<void> {
  const grain = noiseImage(WIDTH, HEIGHT, 4242).data;
  const data = Buffer.alloc(WIDTH * HEIGHT * 3);
  const bases = [
    [20, 20, 20],
    [200, 40, 30],
    [40, 170, 60],
    [30, 60, 190],
  ];
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const region = (x * 3 + y * 2 < WIDTH * 2 ? 0 : 1) + (x + y * 2 > HEIGHT * 2 ? 2 : 0);
      for (let channel = 0; channel < 3; channel += 1) {
        const index = (y * WIDTH + x) * 3 + channel;
        data[index] = Math.min(255, bases[region]![channel]! + (grain[index]! >> 3));
      }
    }
  }
  await sharp(data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .toFile(file);
}

beforeAll(async () => {
  folder = await readModelFolder(path.join(FIXTURE_MODELS_DIR, 'color-classes'));
  session = await sessions.get(path.join(folder.directory, MODEL_FILE), folder.manifest.input);
  dir = await mkdtemp(path.join(tmpdir(), 'hullscope-predict-bytes-'));
  photo = path.join(dir, 'photo.jpg');
  await fixedPhoto(photo);
});
afterAll(async () => {
  await sessions.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * The photo's pixels at 800 px as the pipeline read them when the hashes were taken (opened from its
 * file, resized), through the pipeline: the rendering must not change by one byte.
 */
async function pixels(): Promise<RgbImage> {
  return resizeToRgb(await openImage(photo, 100_000_000, { fitSide: 800 }), 800);
}

async function predict(maxTilePixels: number): Promise<ImagePrediction> {
  return predictImage(pixels, { session, manifest: folder.manifest, maxTilePixels });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('predictImage output bytes', () => {
  it.each([
    ['in one piece', 589_824],
    ['in tiles', 256 * 256],
  ])('serves ORG, PRED and the thumbnail byte for byte as before (%s)', async (_, tiles) => {
    const result = await predict(tiles);
    expect([result.width, result.height]).toEqual([800, 600]);
    // Every class shows, so PRED and the thumbnail's mask hold more than one colour.
    expect(result.percentages.every((entry) => entry.percentage > 1)).toBe(true);
    expect(result).not.toHaveProperty('stat');
    expect({
      org: sha256(result.org),
      pred: sha256(result.pred),
      thumbnail: sha256(result.thumbnail),
    }).toEqual(BEFORE);
  });
});

describe('predictImage when the model fails', () => {
  it('rejects with the model error while ORG and the thumbnail photo, begun before, go on', async () => {
    // A manifest naming fewer classes than the model outputs: the segmentation refuses its output.
    const manifest = { ...folder.manifest, classes: folder.manifest.classes.slice(0, 3) };
    await expect(predictImage(pixels, { session, manifest, maxTilePixels: 589_824 })).rejects.toThrow(
      'expected 1x3x',
    );
  });
});
