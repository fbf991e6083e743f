import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { MODEL_FILE, type ModelFolder } from './model-files.js';
import { roundUpToStride } from './preprocess.js';
import { ModelOutputError, segment } from './segment.js';
import { type FusedSession, SessionCache } from './session-cache.js';

/**
 * Runs the model once on an odd-sized input padded to its stride and checks that the output is
 * `[1, classes, H, W]` with the manifest's class count: the contract every model must honour. Then
 * segments an image of that size with the fused model the pipeline runs (fused-model.ts), so a model
 * the pipeline cannot wrap, or whose output is not a number, is refused here rather than at its first
 * prediction.
 */
export async function checkModel(folder: ModelFolder, size = { width: 801, height: 533 }): Promise<void> {
  const modelPath = path.join(folder.directory, MODEL_FILE);
  const bare = await ort.InferenceSession.create(modelPath, { intraOpNumThreads: 1 });
  try {
    const { stride } = folder.manifest.input;
    const width = roundUpToStride(size.width, stride);
    const height = roundUpToStride(size.height, stride);
    const input = new ort.Tensor('float32', new Float32Array(3 * width * height), [1, 3, height, width]);
    const output = (await bare.run({ [bare.inputNames[0]!]: input }))[bare.outputNames[0]!]!;
    const expected = [1, folder.manifest.classes.length, height, width];
    if (output.dims.join('x') !== expected.join('x')) {
      throw new Error(
        `${folder.key}: the model answers ${output.dims.join('x')} for a ${width}x${height} input, but its manifest expects ${expected.join('x')}`,
      );
    }
  } finally {
    await bare.release();
  }

  // The same sessions as the pipeline's (in their own thread), closed once checked.
  const sessions = new SessionCache(1);
  try {
    let fused: FusedSession;
    try {
      fused = await sessions.get(modelPath, folder.manifest.input);
    } catch (error) {
      throw new Error(
        `${folder.key}: the pipeline cannot run this model: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const image = { data: Buffer.alloc(size.width * size.height * 3), ...size };
    try {
      await segment(fused, folder.manifest, image, { maxTilePixels: Number.MAX_SAFE_INTEGER });
    } catch (error) {
      if (!(error instanceof ModelOutputError)) throw error;
      throw new Error(`${folder.key}: the model gives no usable answer: ${error.message}`);
    }
  } finally {
    await sessions.close();
  }
}
