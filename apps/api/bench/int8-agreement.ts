// node --conditions=source --import tsx apps/api/bench/int8-agreement.ts <int8 dir> <fp32 dir> <image>...
// Issue 44: the share of each image's pixels where a model's class (through the pipeline's fused
// graph, the image segmented whole) is its fp32 build's, as int8-models.test.ts checks for the
// bundled INT8 models on the fixed scene, for a candidate build before its reference is written.
import path from 'node:path';
import sharp from 'sharp';
import { MODEL_FILE, type ModelFolder, readModelFolder } from '../src/inference/model-files.js';
import { SessionCache } from '../src/inference/session-cache.js';
import { segment } from '../src/inference/segment.js';

const [int8Dir, fp32Dir, ...images] = process.argv.slice(2);
if (!int8Dir || !fp32Dir || images.length === 0)
  throw new Error('usage: int8-agreement.ts <int8 model folder> <fp32 model folder> <image>...');

const sessions = new SessionCache(2);

async function classes(folder: ModelFolder, image: string): Promise<Uint8Array> {
  const session = await sessions.get(path.join(folder.directory, MODEL_FILE), folder.manifest.input);
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const result = await segment(
    session,
    folder.manifest,
    { data, width: info.width, height: info.height },
    { maxTilePixels: Number.MAX_SAFE_INTEGER },
  );
  return result.classes;
}

try {
  const int8 = await readModelFolder(path.resolve(int8Dir));
  const fp32 = await readModelFolder(path.resolve(fp32Dir));
  for (const image of images) {
    const [quantised, reference] = [await classes(int8, image), await classes(fp32, image)];
    let same = 0;
    for (let pixel = 0; pixel < reference.length; pixel += 1) {
      if (quantised[pixel] === reference[pixel]) same += 1;
    }
    process.stdout.write(`${path.basename(image)}: ${((100 * same) / reference.length).toFixed(2)} %\n`);
  }
} finally {
  await sessions.close();
}
