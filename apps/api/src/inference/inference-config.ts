import { availableParallelism } from 'node:os';

/** Model runs at once (each in its own inference thread), onnxruntime threads per run, tile bound. */
export interface InferenceConfig {
  parallelRuns: number;
  threads: number;
  maxTilePixels: number;
  /** Seconds with no model loading or running before the inference threads are released; 0 never. */
  idleReleaseSeconds: number;
  /** Models whose sessions each inference thread keeps; loading another releases the least recently used. */
  modelsKept: number;
}

/**
 * Five minutes: long enough that the images of one request, and requests queued one after another,
 * keep their loaded model; short enough that a process serving reads between runs gives the
 * model's memory back soon after (session-cache.ts).
 */
export const DEFAULT_IDLE_RELEASE_SECONDS = 300;

/** One model run at a time: two are faster but peak too near the 600 MB target (docs/benchmarks.md, bench:server). */
export const DEFAULT_PARALLEL_RUNS = 1;

/** onnxruntime threads per model run unless INFERENCE_THREADS says: the cores shared among the runs. */
export function defaultInferenceThreads(parallelRuns: number): number {
  return Math.max(1, Math.floor(availableParallelism() / parallelRuns));
}
