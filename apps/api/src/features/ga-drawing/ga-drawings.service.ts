import type { GaDrawingZone } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import { lockRow } from '../../db/row-lock.js';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/api-error.js';
import { vesselsRepository } from '../vessels/vessels.repository.js';
import { type GaDrawingRow, gaDrawingsRepository } from './ga-drawing.repository.js';
import { requireZonesInside } from './zones-inside.js';

export const noGaDrawing = () => notFound('This vessel has no GA drawing.');

/**
 * A vessel's GA drawing rows. Uploads and deletes run under the vessel's row lock, so two at once
 * each remove the file the other replaced and none loses its own.
 */
export function gaDrawingsService(db: Kysely<DB>) {
  return {
    /** Stores the drawing's row; answers the one it replaced, whose file the caller removes. */
    async put(row: GaDrawingRow): Promise<GaDrawingRow | undefined> {
      return db.transaction().execute(async (trx) => {
        await lockRow(trx, 'vessels', row.vessel_id);
        // The vessel may have been deleted while the file was read: then it is not found, as before.
        if (!(await vesselsRepository(trx).findOwned(row.owner, row.vessel_id))) throw notFound();
        const drawings = gaDrawingsRepository(trx);
        const replaced = await drawings.find(row.owner, row.vessel_id);
        await drawings.put(row);
        return replaced;
      });
    },

    /** Replaces every zone rectangle, each checked to lie inside the drawing. */
    async replaceZones(owner: number, vesselId: number, zones: GaDrawingZone[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const drawings = gaDrawingsRepository(trx);
        const row = await drawings.find(owner, vesselId);
        if (!row) throw noGaDrawing();
        requireZonesInside(zones, row.width, row.height);
        await drawings.replaceZones(row.vessel_id, zones);
      });
    },

    /** Removes the drawing's rows; answers them, whose file the caller removes. */
    async remove(owner: number, vesselId: number): Promise<GaDrawingRow> {
      return db.transaction().execute(async (trx) => {
        await lockRow(trx, 'vessels', vesselId);
        const drawings = gaDrawingsRepository(trx);
        const current = await drawings.find(owner, vesselId);
        if (!current) throw noGaDrawing();
        await drawings.remove(owner, vesselId);
        return current;
      });
    },
  };
}
