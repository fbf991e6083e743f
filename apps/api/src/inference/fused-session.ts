import { readFile } from 'node:fs/promises';
import type { ModelManifest } from '@hullscope/contract';
import * as ort from 'onnxruntime-node';
import { FUSED_CONFIDENCE_SUM, FUSED_CORE_COLUMNS, FUSED_CORE_ROWS } from './fused-confidence.js';
import { FUSED_CLASSES, FUSED_INPUT, FUSED_LOGITS_SHAPE, fuseModel } from './fused-model.js';
import type { ModelInput, Region } from './preprocess.js';

/** What the fused model answers for one padded tile. */
export interface FusedOutput {
  /** One class byte per pixel of the padded tile, row-major. */
  classes: Uint8Array;
  /** The model's logits shape, `[1, classes, H, W]` when it honours its manifest. */
  logitsDims: number[];
  /** The sum of the largest class probability of each pixel of the core (fused-confidence.ts). */
  confidenceSum: number;
  /** Milliseconds inside onnxruntime for this tile. */
  modelMs: number;
}

/** How the pipeline's sessions run (exported so benchmarks time the bare model the same way). */
export function sessionOptions(threads: number): ort.InferenceSession.SessionOptions {
  return {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // A memory pattern is planned and kept per input shape, and tiles come in several shapes, so it
    // raised peak RSS by over 100 MB at the same speed (docs/benchmarks.md, bench:predict).
    enableMemPattern: false,
    // onnxruntime's threads otherwise spin for a while after each run, waiting for the next, burning
    // CPU time the decoding, encoding and the API's event loop need between tiles and images.
    // (onnxruntime-node 1.30 applies `extra` as session config entries, though its typings still
    // call the option WebAssembly-only.)
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  };
}

/** A session of the fused model (fused-model.ts) built from a model file and its manifest's input. */
export async function createFusedSession(
  modelPath: string,
  input: ModelManifest['input'],
  options: ort.InferenceSession.SessionOptions,
): Promise<ort.InferenceSession> {
  const bytes = await readFile(modelPath);
  const fused = fuseModel(bytes, input);
  try {
    return await ort.InferenceSession.create(fused, options);
  } catch {
    // A model whose logits have another class count than its file declares cannot be split by
    // that count; reducing over the class axis does not rely on the declaration. The model's own
    // last Resize is kept too, so the fallback edits nothing inside the model.
    return ort.InferenceSession.create(
      fuseModel(bytes, input, { splitClasses: false, logitsBySizes: false }),
      options,
    );
  }
}

/** 1 for the positions `from` to `from + length` of `size`, 0 elsewhere. */
function coreMask(size: number, from: number, length: number): Float32Array {
  const mask = new Float32Array(size);
  mask.fill(1, from, from + length);
  return mask;
}

/**
 * Runs the fused model on one padded tile (synchronous inside onnxruntime-node: it blocks its
 * thread). `core`, in the tile's coordinates, is the part whose pixels the pipeline keeps: only
 * they count in the confidence sum.
 */
export async function runFused(
  session: ort.InferenceSession,
  tile: ModelInput,
  core: Region,
): Promise<FusedOutput> {
  const feeds = {
    [FUSED_INPUT]: new ort.Tensor('uint8', tile.data, [1, tile.height, tile.width, 3]),
    [FUSED_CORE_ROWS]: new ort.Tensor('float32', coreMask(tile.height, core.y, core.height), [
      1,
      1,
      tile.height,
    ]),
    [FUSED_CORE_COLUMNS]: new ort.Tensor('float32', coreMask(tile.width, core.x, core.width), [
      tile.width,
      1,
    ]),
  };
  const started = performance.now();
  const outputs = await session.run(feeds);
  const modelMs = performance.now() - started;
  const shape = outputs[FUSED_LOGITS_SHAPE]!;
  const logitsDims = Array.from(shape.data as BigInt64Array, Number);
  shape.dispose();
  const sum = outputs[FUSED_CONFIDENCE_SUM]!;
  const confidenceSum = (sum.data as Float32Array)[0]!;
  sum.dispose();
  const classes = outputs[FUSED_CLASSES]!;
  return { classes: classes.data as Uint8Array, logitsDims, confidenceSum, modelMs };
}
