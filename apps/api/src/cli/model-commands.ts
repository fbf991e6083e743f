import { cp } from 'node:fs/promises';
import path from 'node:path';
import { modelsRepository } from '../features/models/models.repository.js';
import { checkModel } from '../inference/check-model.js';
import { MODEL_FILE, readModelFolder } from '../inference/model-files.js';
import { type AdminContext, CommandError } from './admin-context.js';

export async function listModels({ db }: AdminContext): Promise<void> {
  const rows = await modelsRepository(db).listModels(false);
  if (rows.length === 0) {
    console.log('No models registered. Bundled models are registered when the server starts.');
    return;
  }
  console.table(
    rows.map((row) => ({
      id: row.id,
      key: row.key,
      name: row.name,
      version: row.version,
      active: row.active === 1 ? 'yes' : 'no',
      file: row.filename,
    })),
  );
}

/**
 * Checks a model folder (manifest valid, ONNX output matching it), copies it into the models
 * directory so every start registers it, and registers it now.
 */
export async function addModel(
  { config, db }: AdminContext,
  options: { dir: string; key?: string },
): Promise<void> {
  let folder;
  try {
    folder = await readModelFolder(path.resolve(options.dir));
    await checkModel(folder);
  } catch (error) {
    throw new CommandError(`Cannot add the model: ${error instanceof Error ? error.message : String(error)}`);
  }
  const key = options.key ?? folder.key;
  if (!/^[\w.-]+$/.test(key))
    throw new CommandError(`The key "${key}" may hold only letters, digits, ".", "_" and "-".`);
  const target = path.join(config.modelsDir, key);
  if (path.resolve(folder.directory) !== target) await cp(folder.directory, target, { recursive: true });
  const row = await modelsRepository(db).upsertModel(key, path.join(target, MODEL_FILE), folder.manifest);
  console.log(
    `Registered model ${row.name} ${row.version} as "${key}" (id ${row.id}), ${row.active === 1 ? 'active' : 'inactive'}.`,
  );
}

export async function setModelActive({ db }: AdminContext, key: string, active: boolean): Promise<void> {
  const row = await modelsRepository(db).setModelActive(key, active);
  if (!row) throw new CommandError(`No model with the key "${key}". See list-models.`);
  console.log(`Model ${row.name} ${row.version} ("${key}") is now ${active ? 'active' : 'inactive'}.`);
}

export async function listResolutions({ db }: AdminContext): Promise<void> {
  const rows = await modelsRepository(db).listResolutions(false);
  console.table(
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      display_name: row.display_name,
      max_px: row.resolution,
      credits_per_image: row.price,
      active: row.active === 1 ? 'yes' : 'no',
    })),
  );
}

export async function setResolutionPrice(
  { db }: AdminContext,
  options: { name: string; price: string },
): Promise<void> {
  const price = Number(options.price);
  if (!Number.isInteger(price) || price < 0) {
    throw new CommandError(
      `The price must be a whole number of credits per image (0 or more), not "${options.price}".`,
    );
  }
  const row = await modelsRepository(db).setResolutionPrice(options.name, price);
  if (!row) throw new CommandError(`No resolution named "${options.name}". See list-resolutions.`);
  console.log(`${row.display_name} now costs ${row.price} credit${row.price === 1 ? '' : 's'} per image.`);
}
