import type { ModelManifest } from '@hullscope/contract';
import type { FusedOutput } from './fused-session.js';
import type { ModelRef } from './inference-messages.js';
import { InferenceThread } from './inference-thread.js';
import type { ModelInput, Region } from './preprocess.js';

/** A loaded fused model (fused-model.ts): the file's graph with the normalisation and argmax around it. */
export interface FusedSession {
  /**
   * Runs one padded tile on the least busy inference thread. Its bytes are copied there, or with
   * `handOver` moved without a copy, which leaves `tile.data` empty; only a tile whose buffer holds
   * nothing else may be handed over. `core` (in the tile's coordinates) is the part whose pixels
   * are kept: the confidence sum covers only it.
   */
  run(tile: ModelInput, core: Region, options?: { handOver?: boolean }): Promise<FusedOutput>;
  /** How many tiles run at once: sending more only queues them. */
  readonly parallelRuns: number;
}

/**
 * The onnxruntime sessions, kept in `parallelRuns` worker threads (inference-worker.ts) that each
 * hold a session per model file and manifest input, created on first use (~100 ms) and kept. A model
 * run is synchronous in onnxruntime-node, so running it there keeps this thread's event loop free
 * (requests, other images' colouring and charts); each thread runs one tile at a time on `threads`
 * cores, and tiles sent at once (an image's tiles, other images' tiles) spread over the threads.
 */
export class SessionCache {
  private readonly pool: InferenceThread[];

  constructor(threads: number, parallelRuns = 1) {
    this.pool = Array.from({ length: parallelRuns }, () => new InferenceThread(threads));
  }

  /** Loads the model in every thread (a model that failed to load is tried again) and answers its session. */
  async get(modelPath: string, input: ModelManifest['input']): Promise<FusedSession> {
    const model: ModelRef = { path: modelPath, input };
    await Promise.all(this.pool.map((thread) => thread.request({ kind: 'load', model })));
    return {
      run: async (tile, core, options) => {
        const leastBusy = this.pool.reduce((best, thread) => (thread.waiting < best.waiting ? thread : best));
        const transfer = options?.handOver ? [tile.data.buffer as ArrayBuffer] : [];
        return (await leastBusy.request({ kind: 'run', model, tile, core }, transfer)).output!;
      },
      parallelRuns: this.pool.length,
    };
  }

  /** Releases every session and ends the threads once their work is answered; a `get` after it starts them again. */
  async close(): Promise<void> {
    await Promise.all(this.pool.map((thread) => thread.close()));
  }
}
