import { routes } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Router } from '../../http/router.js';
import { modelsRepository, toCvModel, toResolution } from './models.repository.js';

export function registerModelRoutes(router: Router, db: Kysely<DB>): void {
  const models = modelsRepository(db);

  router.add(routes.listModels, async () => (await models.listModels(true)).map(toCvModel));

  router.add(routes.listResolutions, async () => (await models.listResolutions(true)).map(toResolution));
}
