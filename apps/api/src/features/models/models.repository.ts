import type { CvModel, ModelClass, ModelManifest, Resolution } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { CvModelRow, DB, ResolutionRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

export function manifestOf(row: CvModelRow): ModelManifest {
  return JSON.parse(row.manifest) as ModelManifest;
}

/**
 * The classes of a stored manifest (cv_models.manifest). One registered before manifests declared
 * fouling categories lacks them until its folder is registered again with them.
 */
export function storedClassesOf(manifest: string): ModelClass[] {
  return (JSON.parse(manifest) as { classes: ModelClass[] }).classes;
}

/** The registered manifest's macrofouling noise floor (percent), if it states one. */
export function storedNoiseFloorOf(manifest: string): number | undefined {
  return (JSON.parse(manifest) as { macrofouling_noise_floor_percent?: number }).macrofouling_noise_floor_percent;
}

export function toCvModel(row: CvModelRow): CvModel {
  return {
    id: row.id,
    name: row.name,
    architecture: row.architecture,
    backbone: row.backbone,
    version: row.version,
    filename: row.filename,
    description: row.description,
    active: row.active === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
    classes: storedClassesOf(row.manifest),
  };
}

export function toResolution(row: ResolutionRow): Resolution {
  return {
    id: row.id,
    name: row.name,
    display_name: row.display_name,
    type: row.type,
    price: row.price,
    resolution: row.resolution,
    active: row.active === 1,
  };
}

export function modelsRepository(db: Kysely<DB>) {
  return {
    listModels(onlyActive: boolean): Promise<CvModelRow[]> {
      let query = db.selectFrom('cv_models').selectAll().orderBy('id');
      if (onlyActive) query = query.where('active', '=', 1);
      return query.execute();
    },

    findModel(id: number): Promise<CvModelRow | undefined> {
      return db.selectFrom('cv_models').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findModelByKey(key: string): Promise<CvModelRow | undefined> {
      return db.selectFrom('cv_models').selectAll().where('key', '=', key).executeTakeFirst();
    },

    /** Registers a model folder or refreshes its manifest; an operator's deactivation is kept. */
    async upsertModel(key: string, filename: string, manifest: ModelManifest): Promise<CvModelRow> {
      const now = nowIso();
      const fields = {
        name: manifest.name,
        architecture: manifest.architecture,
        backbone: manifest.backbone,
        version: manifest.version,
        filename,
        description: manifest.description ?? null,
        manifest: JSON.stringify(manifest),
        updated_at: now,
      };
      const existing = await this.findModelByKey(key);
      if (existing) {
        return db.updateTable('cv_models').set(fields).where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow();
      }
      return db
        .insertInto('cv_models')
        .values({ key, ...fields, created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async setModelActive(key: string, active: boolean): Promise<CvModelRow | undefined> {
      return db
        .updateTable('cv_models')
        .set({ active: active ? 1 : 0, updated_at: nowIso() })
        .where('key', '=', key)
        .returningAll()
        .executeTakeFirst();
    },

    listResolutions(onlyActive: boolean): Promise<ResolutionRow[]> {
      let query = db.selectFrom('resolutions').selectAll().orderBy('resolution');
      if (onlyActive) query = query.where('active', '=', 1);
      return query.execute();
    },

    findResolution(id: number): Promise<ResolutionRow | undefined> {
      return db.selectFrom('resolutions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async setResolutionPrice(name: string, price: number): Promise<ResolutionRow | undefined> {
      return db
        .updateTable('resolutions')
        .set({ price, updated_at: nowIso() })
        .where('name', '=', name)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
