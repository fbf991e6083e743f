import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { type ModelFolder, listModelFolders, readModelFolder } from '../src/inference/model-files.js';
import { roundUpToStride } from '../src/inference/preprocess.js';
import { planTiles } from '../src/inference/tile-plan.js';

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

/** A `/proc/<pid>/status` field in MB (VmRSS, VmHWM), or undefined where there is no /proc. */
export function procStatusMb(field: string, pid: number | 'self' = 'self'): number | undefined {
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return undefined;
  const kilobytes = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(file, 'utf8'))?.[1];
  return kilobytes === undefined ? undefined : Math.round(Number(kilobytes) / 1024);
}

/**
 * CPU time in ms a process has used (user + system, every thread) from `/proc/<pid>/stat`, or
 * undefined where there is no /proc. Counted in clock ticks of 10 ms (Linux's USER_HZ).
 */
export function procCpuMs(pid: number): number | undefined {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return undefined;
  // The command name (field 2) may hold spaces; fields after its closing parenthesis are plain.
  const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) * 10 : undefined;
}

/**
 * Peak resident memory in MB of a process (this one by default) since its start or the last
 * `resetPeakRss`: Linux's VmHWM, which can be reset; elsewhere this process's lifetime maximum, and
 * nothing for another process.
 */
export function peakRssMb(pid: number | 'self' = 'self'): number | undefined {
  const ownLifetimeMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
  return procStatusMb('VmHWM', pid) ?? (pid === 'self' ? ownLifetimeMb() : undefined);
}

/** Lowers Linux's peak-RSS mark to the current RSS (a no-op elsewhere), so set-up does not count. */
export function resetPeakRss(pid: number | 'self' = 'self'): void {
  const file = `/proc/${pid}/clear_refs`;
  if (existsSync(file)) writeFileSync(file, '5');
}

/** The tile shapes the pipeline runs for a `width` × `height` image, padded to the stride. */
export function paddedTiles(width: number, height: number, stride: number, maxTilePixels: number) {
  return planTiles(width, height, stride, maxTilePixels).map(({ region }) => ({
    width: roundUpToStride(region.width, stride),
    height: roundUpToStride(region.height, stride),
  }));
}

/**
 * Runs `work` and returns its result with the CPU time the whole process spent meanwhile (every
 * thread: onnxruntime's, libvips', the event loop), in core-milliseconds. Unlike wall time this
 * hardly moves with the machine's speed drift, so it shows work added or removed.
 */
export async function withCpuTime<T>(work: () => Promise<T>): Promise<{ result: T; cpuMs: number }> {
  const before = process.cpuUsage();
  const result = await work();
  const { user, system } = process.cpuUsage(before);
  return { result, cpuMs: (user + system) / 1000 };
}

/**
 * Pure model inference: the unmodified model file in onnxruntime on float tiles of the shapes the
 * pipeline's tile plan uses for this image, summed, with nothing else timed. The pipeline itself runs
 * the fused model (normalisation and argmax added), so this is the bare floor it is compared with.
 * Tile contents are zeros (the mean colour): a convolutional net's time does not depend on them.
 */
export async function pureInferenceMs(
  session: ort.InferenceSession,
  tiles: { width: number; height: number }[],
): Promise<number> {
  const feeds = tiles.map((tile) => ({ [session.inputNames[0]!]: zeroTile(tile.width, tile.height) }));
  let total = 0;
  for (const feed of feeds) {
    const started = performance.now();
    await session.run(feed);
    total += performance.now() - started;
  }
  return total;
}

/**
 * One zero input per tile shape, made once: a new one per run would be garbage whose collection
 * lands in the pipeline timed next.
 */
const zeroTiles = new Map<string, ort.Tensor>();
function zeroTile(width: number, height: number): ort.Tensor {
  const key = `${width}x${height}`;
  let tile = zeroTiles.get(key);
  if (!tile) {
    tile = new ort.Tensor('float32', new Float32Array(3 * width * height), [1, 3, height, width]);
    zeroTiles.set(key, tile);
  }
  return tile;
}
