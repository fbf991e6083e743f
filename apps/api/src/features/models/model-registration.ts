import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { MODEL_FILE, listModelFolders, readModelFolder } from '../../inference/model-files.js';
import { modelsRepository } from './models.repository.js';

/**
 * Registers every `<id>/manifest.json` + `model.onnx` under the models directory at start-up. A
 * broken folder is logged and skipped so one bad model does not keep the product from starting.
 */
export async function registerBundledModels(db: Kysely<DB>, modelsDir: string, log: FastifyBaseLogger): Promise<void> {
  const models = modelsRepository(db);
  for (const directory of await listModelFolders(modelsDir)) {
    try {
      const folder = await readModelFolder(directory);
      const row = await models.upsertModel(folder.key, path.join(folder.directory, MODEL_FILE), folder.manifest);
      log.info({ model: folder.key, id: row.id, version: row.version, active: row.active === 1 }, 'model registered');
    } catch (error) {
      log.error({ err: error, directory }, 'model folder skipped');
    }
  }
}
