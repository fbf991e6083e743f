import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { type ModelFolder, listModelFolders, readModelFolder } from '../src/inference/model-files.js';

export const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const realSamplesDir = path.resolve(repositoryRoot, '../shared/data/real-samples');

/** The folders to measure: `--model <dir>` if given, else every bundled model under models/. */
export async function benchModels(explicit: string | undefined): Promise<ModelFolder[]> {
  if (explicit) return [await readModelFolder(path.resolve(explicit))];
  const folders = await listModelFolders(path.join(repositoryRoot, 'models'));
  if (folders.length === 0) throw new Error('No bundled models under models/; pass --model <dir>.');
  return Promise.all(folders.map((folder) => readModelFolder(folder)));
}

/**
 * A phone-sized original (4032 × 3024 JPEG) made from a real sample, so decoding and resizing cost
 * what they cost on real uploads. Falls back to a synthetic picture where the samples are missing.
 */
export async function benchOriginal(): Promise<string> {
  const dir = path.join(tmpdir(), 'hullscope-bench');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'original-4032x3024.jpg');
  if (existsSync(file)) return file;
  const sample = path.join(realSamplesDir, '000022-x6lwoJexxL.jpg');
  const source = existsSync(sample)
    ? sharp(sample).resize(4032, 3024, { fit: 'fill', kernel: 'lanczos3' })
    : sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#7a3b2e' } });
  await source.jpeg({ quality: 90 }).toFile(file);
  return file;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function peakRssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}
