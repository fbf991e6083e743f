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

const { threads } = workerData as InferenceWorkerData;
const port = parentPort!;

/** One fused session per model file and manifest input, created on first use (~100 ms) and kept. */
const sessions = new Map<string, Promise<ort.InferenceSession>>();

function session(model: ModelRef): Promise<ort.InferenceSession> {
  const key = JSON.stringify([model.path, model.input.mean, model.input.std]);
  let created = sessions.get(key);
  if (!created) {
    created = createFusedSession(model.path, model.input, sessionOptions(threads)).catch((error: unknown) => {
      // A model that fails to load is not kept, so a fixed file loads on the next try.
      sessions.delete(key);
      throw new Error(`${model.path}: ${error instanceof Error ? error.message : String(error)}`);
    });
    sessions.set(key, created);
  }
  return created;
}

async function closeSessions(): Promise<void> {
  const created = await Promise.allSettled(sessions.values());
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
