import type { ModelManifest } from '@hullscope/contract';
import type { FusedOutput } from './fused-session.js';
import type { ModelInput, Region } from './preprocess.js';

/** A model as the inference thread loads it: the file and the manifest input fused around it. */
export interface ModelRef {
  path: string;
  input: ModelManifest['input'];
}

/** What the inference thread (inference-worker.ts) is asked to do; a run's `core` is in the tile's coordinates. */
export type InferenceCall =
  | { kind: 'load'; model: ModelRef }
  | { kind: 'run'; model: ModelRef; tile: ModelInput; core: Region }
  | { kind: 'loaded' }
  | { kind: 'close' };

/** A call as sent, numbered so its answer finds it; calls are answered in the order they are sent. */
export type InferenceRequest = InferenceCall & { id: number };

/**
 * Its answers: a tile's output for `run`, the model files it holds, least recently used first, for
 * `loaded`, nothing for `load` and `close`, or the error's message.
 */
export type InferenceReply =
  | { id: number; ok: true; output?: FusedOutput; loaded?: string[] }
  | { id: number; ok: false; error: string };

/** What the inference thread is started with. */
export interface InferenceWorkerData {
  /** onnxruntime intra-op threads per session. */
  threads: number;
  /** Most models whose sessions the thread keeps; loading one more releases the least recently used. */
  modelsKept: number;
}
