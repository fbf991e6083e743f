import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { MODEL_FILE, type ModelFolder } from './model-files.js';
import { roundUpToStride } from './preprocess.js';

/**
 * Runs the model once on an odd-sized input padded to its stride and checks that the output is
 * `[1, classes, H, W]` with the manifest's class count: the contract every model must honour.
 */
export async function checkModel(folder: ModelFolder, size = { width: 801, height: 533 }): Promise<void> {
  const session = await ort.InferenceSession.create(path.join(folder.directory, MODEL_FILE), {
    intraOpNumThreads: 1,
  });
  try {
    const { stride } = folder.manifest.input;
    const width = roundUpToStride(size.width, stride);
    const height = roundUpToStride(size.height, stride);
    const input = new ort.Tensor('float32', new Float32Array(3 * width * height), [1, 3, height, width]);
    const output = (await session.run({ [session.inputNames[0]!]: input }))[session.outputNames[0]!]!;
    const expected = [1, folder.manifest.classes.length, height, width];
    if (output.dims.join('x') !== expected.join('x')) {
      throw new Error(
        `${folder.key}: the model answers ${output.dims.join('x')} for a ${width}x${height} input, but its manifest expects ${expected.join('x')}`,
      );
    }
  } finally {
    await session.release();
  }
}
