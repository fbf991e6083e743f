import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type {
  InferenceCall,
  InferenceReply,
  InferenceRequest,
  InferenceWorkerData,
} from './inference-messages.js';

/**
 * The inference thread itself went away (it threw, ran out of memory or could not start): not a fault
 * of the image, so the prediction job fails and is retried rather than refunding the image.
 */
export class InferenceThreadError extends Error {
  constructor(reason: string) {
    super(`inference failed: ${reason}`);
    this.name = 'InferenceThreadError';
  }
}

interface Pending {
  resolve: (reply: Extract<InferenceReply, { ok: true }>) => void;
  reject: (error: Error) => void;
}

/**
 * From the built app the thread runs the compiled inference-worker.js beside this file. From the
 * TypeScript sources (tests, `npm run dev`, benchmarks and CLIs run with tsx) it runs the .ts file,
 * with tsx registered inside the thread first: on Node 20, `--import tsx` in a worker's execArgv
 * comes too late for the worker's own entry file.
 */
function startWorker(workerData: InferenceWorkerData): Worker {
  if (!fileURLToPath(import.meta.url).endsWith('.ts')) {
    return new Worker(new URL('./inference-worker.js', import.meta.url), { workerData });
  }
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(new URL('./inference-worker.ts', import.meta.url).href);
  const bootstrap = `import(${tsx}).then(({ register }) => { register(); return import(${entry}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/**
 * A worker thread that holds onnxruntime sessions and runs them (inference-worker.ts), started on
 * the first request. Requests are answered in order. The thread keeps the process alive only while a request
 * is waiting; if it dies, the requests waiting on it fail with the reason and the next request
 * starts a new one (sessions load again on first use).
 */
export class InferenceThread {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closing: Promise<void> | undefined;

  constructor(
    private readonly threads: number,
    private readonly modelsKept = Number.POSITIVE_INFINITY,
  ) {}

  /** Requests sent and not yet answered. */
  get waiting(): number {
    return this.pending.size;
  }

  /** Whether the thread is up (holding its sessions), i.e. started and not yet gone. */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /** Sends a call; buffers in `transfer` are moved to the thread, not copied. */
  request(call: InferenceCall, transfer: ArrayBuffer[] = []): Promise<Extract<InferenceReply, { ok: true }>> {
    if (this.closing) return Promise.reject(new InferenceThreadError('the inference thread is closing'));
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      try {
        worker.postMessage({ ...call, id } satisfies InferenceRequest, transfer);
      } catch (error) {
        this.pending.delete(id);
        if (this.pending.size === 0) worker.unref();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /**
   * Releases every session and ends the thread once the requests sent before have been answered;
   * requests made meanwhile are refused, and the first request after it starts a new thread.
   */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker || this.closing) return this.closing;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    const closed = this.request({ kind: 'close' }).catch(() => undefined);
    this.closing = (async () => {
      await closed;
      // Held until it has gone, or a process with nothing else to do would exit while waiting.
      worker.ref();
      await exited;
      this.closing = undefined;
    })();
    return this.closing;
  }

  private start(): Worker {
    const worker = startWorker({ threads: this.threads, modelsKept: this.modelsKept });
    worker.unref();
    worker.on('message', (reply: InferenceReply) => this.settle(reply));
    worker.on('error', (error) => this.fail(worker, error));
    // An answer that cannot be read back cannot be matched to its request: the thread is given up.
    worker.on('messageerror', (error) => {
      this.fail(worker, error);
      void worker.terminate();
    });
    worker.on('exit', (code) => this.fail(worker, new Error(`the inference thread exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private settle(reply: InferenceReply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker?.unref();
    if (reply.ok) waiting.resolve(reply);
    else waiting.reject(new Error(reply.error));
  }

  /** The thread is gone: whatever waits on it fails, and the next request starts a new one. */
  private fail(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const waiting of this.pending.values()) {
      waiting.reject(new InferenceThreadError(error.message));
    }
    this.pending.clear();
  }
}
