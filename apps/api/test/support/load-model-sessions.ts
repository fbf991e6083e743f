// node --conditions=source --import tsx load-model-sessions.ts <model folder>...
// Creates the pipeline's fused session of each model folder, as the inference threads do, and
// exits: what onnxruntime writes to stderr meanwhile is what a server's log gets on every load.
import path from 'node:path';
import { createFusedSession, sessionOptions } from '../../src/inference/fused-session.js';
import { MODEL_FILE, readModelFolder } from '../../src/inference/model-files.js';

for (const directory of process.argv.slice(2)) {
  const folder = await readModelFolder(directory);
  const session = await createFusedSession(
    path.join(directory, MODEL_FILE),
    folder.manifest.input,
    sessionOptions(1),
  );
  await session.release();
  process.stdout.write(`loaded ${folder.manifest.name} ${folder.manifest.version}\n`);
}
