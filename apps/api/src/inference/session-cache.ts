import type { ModelManifest } from '@hullscope/contract';
import type { FusedOutput } from './fused-session.js';
import type { ModelRef } from './inference-messages.js';
import { InferenceThread, InferenceThreadError } from './inference-thread.js';
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
 * hold a session per model file and manifest input, created on first use and kept. A model
 * run is synchronous in onnxruntime-node, so running it there keeps this thread's event loop free
 * (requests, other images' colouring and charts); each thread runs one tile at a time on `threads`
 * cores, and tiles sent at once (an image's tiles, other images' tiles) spread over the threads.
 *
 * Each thread keeps the sessions of at most `modelsKept` models (INFERENCE_MODELS_KEPT), releasing
 * the least recently used when it loads another (inference-worker.ts).
 *
 * After `idleReleaseMs` with nothing loading or running (0: never), the threads are closed: a
 * loaded model and the activations onnxruntime keeps for its next run hold a few hundred MB
 * (docs/benchmarks.md, bench:predict), which an API process serving reads between runs should not
 * carry. The next load or run waits for that release to end, then starts the threads again and
 * loads the model once more; a session answered before keeps working, since a
 * thread loads a run's model when it does not hold it.
 */
export class SessionCache {
  private readonly pool: InferenceThread[];
  private inUse = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private releasing: Promise<void> | undefined;

  constructor(
    threads: number,
    parallelRuns = 1,
    private readonly idleReleaseMs = 0,
    modelsKept = Number.POSITIVE_INFINITY,
  ) {
    this.pool = Array.from({ length: parallelRuns }, () => new InferenceThread(threads, modelsKept));
  }

  /** Loads the model in every thread (a model that failed to load is tried again) and answers its session. */
  async get(modelPath: string, input: ModelManifest['input']): Promise<FusedSession> {
    const model: ModelRef = { path: modelPath, input };
    await this.using(() => Promise.all(this.pool.map((thread) => thread.request({ kind: 'load', model }))));
    return {
      run: (tile, core, options) =>
        this.using(async () => {
          const leastBusy = this.pool.reduce((best, thread) =>
            thread.waiting < best.waiting ? thread : best,
          );
          const transfer = options?.handOver ? [tile.data.buffer as ArrayBuffer] : [];
          return (await leastBusy.request({ kind: 'run', model, tile, core }, transfer)).output!;
        }),
      parallelRuns: this.pool.length,
    };
  }

  /**
   * Per running thread, the model files whose sessions it holds, least recently used first; a thread
   * that is closing (an idle release) answers none.
   */
  async loadedModels(): Promise<string[][]> {
    const running = this.pool.filter((thread) => thread.running);
    return Promise.all(
      running.map(async (thread) => {
        try {
          return (await thread.request({ kind: 'loaded' })).loaded ?? [];
        } catch (error) {
          if (error instanceof InferenceThreadError) return [];
          throw error;
        }
      }),
    );
  }

  /** How many of the threads are up, holding their sessions (0 once released or closed). */
  get threadsRunning(): number {
    return this.pool.filter((thread) => thread.running).length;
  }

  /** Releases every session and ends the threads once their work is answered; a `get` after it starts them again. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    await Promise.all(this.pool.map((thread) => thread.close()));
  }

  /** Runs `work` as use of the threads: no release starts meanwhile, and one under way ends first. */
  private async using<T>(work: () => Promise<T>): Promise<T> {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    this.inUse++;
    try {
      await this.releasing;
      return await work();
    } finally {
      this.inUse--;
      this.releaseWhenIdle();
    }
  }

  private releaseWhenIdle(): void {
    if (this.idleReleaseMs <= 0 || this.inUse > 0 || this.idleTimer || this.threadsRunning === 0) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (this.inUse > 0) return;
      this.releasing = this.close().finally(() => {
        this.releasing = undefined;
      });
    }, this.idleReleaseMs);
    // A timer alone never keeps the process alive: a process with nothing else to do may exit.
    this.idleTimer.unref();
  }
}
