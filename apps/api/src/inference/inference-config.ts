import { availableParallelism } from 'node:os';

/** Model runs at once (each in its own inference thread), onnxruntime threads per run, tile bound. */
export interface InferenceConfig {
  parallelRuns: number;
  threads: number;
  maxTilePixels: number;
}

/** One model run at a time: two are faster but peak too near the 600 MB target (docs/architecture.md). */
export const DEFAULT_PARALLEL_RUNS = 1;

/** onnxruntime threads per model run unless INFERENCE_THREADS says: the cores shared among the runs. */
export function defaultInferenceThreads(parallelRuns: number): number {
  return Math.max(1, Math.floor(availableParallelism() / parallelRuns));
}
