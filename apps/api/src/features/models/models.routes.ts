import { routes } from '@hullscope/contract';
import type { ApiRegistrar } from '../../feature-context.js';
import { registerBundledModels } from './model-registration.js';
import { modelsRepository, toCvModel, toResolution } from './models.repository.js';

/** The bundled models (registered at start-up) and the routes that list models and resolutions. */
export const registerModels: ApiRegistrar = async ({ router, db, config, log }) => {
  await registerBundledModels(db, config.modelsDir, log);
  const models = modelsRepository(db);

  router.add(routes.listModels, async () => (await models.listModels(true)).map(toCvModel));

  router.add(routes.listResolutions, async () => (await models.listResolutions(true)).map(toResolution));
};
