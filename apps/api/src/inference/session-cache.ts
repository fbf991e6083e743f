import { readFile } from 'node:fs/promises';
import type { ModelManifest } from '@hullscope/contract';
import * as ort from 'onnxruntime-node';
import { fuseModel } from './fused-model.js';

/** How the pipeline's sessions run (exported so benchmarks time the bare model the same way). */
export function sessionOptions(threads: number): ort.InferenceSession.SessionOptions {
  return {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // A memory pattern is planned and kept per input shape, and tiles come in several shapes: with
    // it, Full HD peak RSS measured 694 MB against 579 MB without (tiles of up to 800², both bundled
    // models loaded), at the same speed.
    enableMemPattern: false,
  };
}

/** A session of the fused model (fused-model.ts) built from a model file and its manifest's input. */
export async function createFusedSession(
  modelPath: string,
  input: ModelManifest['input'],
  options: ort.InferenceSession.SessionOptions,
): Promise<ort.InferenceSession> {
  return ort.InferenceSession.create(fuseModel(await readFile(modelPath), input), options);
}

/**
 * One onnxruntime session per model file and manifest input, created on first use and kept
 * (creating one costs ~100 ms). Each runs the fused model: the file's graph with the manifest's
 * normalisation in front and the argmax behind (fused-model.ts).
 */
export class SessionCache {
  private readonly sessions = new Map<string, Promise<ort.InferenceSession>>();

  constructor(private readonly threads: number) {}

  get(modelPath: string, input: ModelManifest['input']): Promise<ort.InferenceSession> {
    const key = JSON.stringify([modelPath, input.mean, input.std]);
    let session = this.sessions.get(key);
    if (!session) {
      session = this.create(modelPath, input);
      // A model that fails to load is not cached, so a fixed file loads on the next try.
      session.catch(() => this.sessions.delete(key));
      this.sessions.set(key, session);
    }
    return session;
  }

  private async create(modelPath: string, input: ModelManifest['input']): Promise<ort.InferenceSession> {
    try {
      return await createFusedSession(modelPath, input, sessionOptions(this.threads));
    } catch (error) {
      throw new Error(`${modelPath}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async close(): Promise<void> {
    const sessions = await Promise.allSettled(this.sessions.values());
    this.sessions.clear();
    for (const result of sessions) if (result.status === 'fulfilled') await result.value.release();
  }
}
