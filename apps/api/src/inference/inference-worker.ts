// The inference thread's entry point (started by inference-thread.ts). onnxruntime-node runs a
// model synchronously on the calling thread; here that thread is this one, so the API's event loop
// and the JavaScript work of other images (colouring, counting, charts) go on while a tile runs.
import { parentPort, workerData } from 'node:worker_threads';
import type * as ort from 'onnxruntime-node';
import { createFusedSession, runFused, sessionOptions } from './fused-session.js';
import type {
  InferenceReply,
  InferenceRequest,
  InferenceWorkerData,
  ModelRef,
} from './inference-messages.js';

const { threads, modelsKept } = workerData as InferenceWorkerData;
const port = parentPort!;

/**
 * One fused session per model file and manifest input, created on first use, in the order of last
 * use. At most `modelsKept` are kept: onnxruntime holds each session's activation memory after its
 * runs (docs/benchmarks.md, bench:predict), so a worker that runs one request
 * at a time would otherwise carry every model it has run. Loading one more releases the least
 * recently used first, so its memory is there to be reused; it loads again when next needed.
 */
const sessions = new Map<string, { path: string; session: Promise<ort.InferenceSession> }>();

async function releaseLeastRecentlyUsed(): Promise<void> {
  while (sessions.size >= modelsKept) {
    const [key, oldest] = sessions.entries().next().value!;
    sessions.delete(key);
    // Requests are answered one at a time: no run of it is under way here.
    await oldest.session.then(
      (loaded) => loaded.release(),
      () => undefined,
    );
  }
}

async function session(model: ModelRef): Promise<ort.InferenceSession> {
  const key = JSON.stringify([model.path, model.input.mean, model.input.std]);
  const held = sessions.get(key);
  if (held) {
    sessions.delete(key); // to the end: the most recently used
    sessions.set(key, held);
    return held.session;
  }
  // Before the new one is created, so the memory is there to be reused: a model file that then fails
  // to load has still cost the least recently used its session, which loads again when next run.
  await releaseLeastRecentlyUsed();
  const created: Promise<ort.InferenceSession> = createFusedSession(
    model.path,
    model.input,
    sessionOptions(threads),
  ).catch((error: unknown) => {
    // A model that fails to load is not kept, so a fixed file loads on the next try.
    if (sessions.get(key)?.session === created) sessions.delete(key);
    throw new Error(`${model.path}: ${error instanceof Error ? error.message : String(error)}`);
  });
  sessions.set(key, { path: model.path, session: created });
  return created;
}

async function closeSessions(): Promise<void> {
  const created = await Promise.allSettled([...sessions.values()].map((held) => held.session));
  sessions.clear();
  for (const result of created) if (result.status === 'fulfilled') await result.value.release();
}

async function answer(
  request: InferenceRequest,
): Promise<{ reply: InferenceReply; transfer: ArrayBuffer[] }> {
  switch (request.kind) {
    case 'load':
      await session(request.model);
      return { reply: { id: request.id, ok: true }, transfer: [] };
    case 'run': {
      const output = await runFused(await session(request.model), request.tile, request.core);
      // onnxruntime's output may share its memory; a copy of our own can be handed over without a second copy.
      const classes = new Uint8Array(output.classes);
      return {
        reply: { id: request.id, ok: true, output: { ...output, classes } },
        transfer: [classes.buffer],
      };
    }
    case 'loaded':
      return {
        reply: { id: request.id, ok: true, loaded: [...sessions.values()].map((held) => held.path) },
        transfer: [],
      };
    case 'close':
      await closeSessions();
      return { reply: { id: request.id, ok: true }, transfer: [] };
  }
}

// Requests are answered one at a time, in order: tiles never run concurrently (each session already
// uses `threads` cores) and a close comes after every run sent before it.
let queue = Promise.resolve();
let closed = false;
port.on('message', (request: InferenceRequest) => {
  queue = queue.then(async () => {
    try {
      if (closed) throw new Error('the inference thread is closing');
      const { reply, transfer } = await answer(request);
      port.postMessage(reply, transfer);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({ id: request.id, ok: false, error: message } satisfies InferenceReply);
    }
    if (request.kind === 'close') {
      closed = true;
      port.close();
    }
  });
});
