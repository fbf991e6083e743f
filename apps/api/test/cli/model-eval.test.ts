import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_MODELS_DIR } from '../support/test-app.js';

const run = promisify(execFile);
const repositoryRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const RED = [200, 40, 40];
const BLUE = [40, 40, 200];

let dir: string;

/** An 8 × 4 image whose left and right halves have the given colours or class indices. */
function halves(left: number[], right: number[], channels: 1 | 3) {
  const data = Buffer.alloc(8 * 4 * channels);
  for (let y = 0; y < 4; y += 1) {
    for (let x = 0; x < 8; x += 1) data.set(x < 4 ? left : right, (y * 8 + x) * channels);
  }
  return sharp(data, { raw: { width: 8, height: 4, channels } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hullscope-eval-'));
  await mkdir(path.join(dir, 'images'));
  await mkdir(path.join(dir, 'masks'));
  await mkdir(path.join(dir, 'colour-masks'));
  const write = async (file: string, data: Promise<Buffer>) => sharp(await data).toFile(path.join(dir, file));
  // Image 1 is predicted perfectly: red | blue, labelled Hard Fouling (1) | Clean Structure (3).
  await write('images/perfect.png', halves(RED, BLUE, 3));
  await write('masks/perfect.png', halves([1], [3], 1));
  await write('colour-masks/perfect.png', halves([0xe5, 0x39, 0x35], [0x1e, 0x88, 0xe5], 3));
  // Image 2 is all red (predicted Hard Fouling everywhere) but labelled Hard Fouling | Light Slime (2).
  await write('images/half-wrong.png', halves(RED, RED, 3));
  await write('masks/half-wrong.png', halves([1], [2], 1));
  await write('colour-masks/half-wrong.png', halves([0xe5, 0x39, 0x35], [0x43, 0xa0, 0x47], 3));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function evaluate(masks: string) {
  const out = path.join(dir, `${masks}.json`);
  const { stdout } = await run(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      'apps/api/src/cli/model-eval.ts',
      '--model',
      'color-classes',
      '--images',
      path.join(dir, 'images'),
      '--masks',
      path.join(dir, masks),
      '--out',
      out,
    ],
    { cwd: repositoryRoot, env: { ...process.env, MODELS_DIR: FIXTURE_MODELS_DIR } },
  );
  return { stdout, report: JSON.parse(await readFile(out, 'utf8')) };
}

describe('npm run model:eval', () => {
  it('gives the known IoU, accuracy, coverage errors and confusion matrix for hand-made masks', async () => {
    const { stdout, report } = await evaluate('masks');
    expect(report.images).toBe(2);
    expect(report.pixels).toBe(64);
    expect(report.pixel_accuracy).toBe(0.75);
    const iou = Object.fromEntries(
      report.per_class.map((entry: { label: string; iou: number | null }) => [entry.label, entry.iou]),
    );
    expect(iou).toEqual({
      Background: null,
      'Hard Fouling': 32 / 48,
      'Light Slime': 0,
      'Clean Structure': 1,
    });
    expect(report.miou).toBeCloseTo((32 / 48 + 0 + 1) / 3, 10);
    expect(report.miou_without_background).toBeCloseTo((32 / 48 + 0 + 1) / 3, 10);
    const errors = Object.fromEntries(
      report.per_class.map((entry: { label: string; coverage_error_mean_pp: number | null }) => [
        entry.label,
        entry.coverage_error_mean_pp,
      ]),
    );
    // Image 2: Hard Fouling predicted 100 % against 50 % true, Light Slime 0 % against 50 %.
    expect(errors).toEqual({
      Background: null,
      'Hard Fouling': 25,
      'Light Slime': -25,
      'Clean Structure': 0,
    });
    expect(report.total_fouling_coverage_error_mean_abs_pp).toBe(0);
    expect(report.confusion_matrix.counts).toEqual([
      [0, 0, 0, 0],
      [0, 32, 0, 0],
      [0, 16, 0, 0],
      [0, 0, 0, 16],
    ]);
    expect(stdout).toMatch(/pixel accuracy\s+75\.0%/);
    expect(stdout).toMatch(/Hard Fouling\s+66\.7%/);
  });

  it('reads class maps painted in the manifest colours the same way', async () => {
    const { report } = await evaluate('colour-masks');
    expect(report.pixel_accuracy).toBe(0.75);
    expect(report.confusion_matrix.counts[2]).toEqual([0, 16, 0, 0]);
  });
});
