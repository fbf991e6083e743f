import { type GaDrawing, type GaDrawingZone, HULL_ZONES } from '@hullscope/contract';
import type { Kysely, Selectable } from 'kysely';
import type { DB, VesselGaDrawingsTable } from '../../db/schema.js';

export type GaDrawingRow = Selectable<VesselGaDrawingsTable>;

const zoneOrder = (zone: GaDrawingZone) => HULL_ZONES.indexOf(zone.hull_zone);

export function toGaDrawing(row: GaDrawingRow, zones: GaDrawingZone[]): GaDrawing {
  return {
    vessel: row.vessel_id,
    width: row.width,
    height: row.height,
    content_type: row.content_type,
    size_bytes: row.size_bytes,
    uploaded_by: row.uploaded_by_name,
    uploaded_at: row.uploaded_at,
    zones,
  };
}

/** A vessel's GA drawing and its zone rectangles; every read is scoped to the owning organisation. */
export function gaDrawingsRepository(db: Kysely<DB>) {
  return {
    find(owner: number, vesselId: number): Promise<GaDrawingRow | undefined> {
      return db
        .selectFrom('vessel_ga_drawings')
        .selectAll()
        .where('owner', '=', owner)
        .where('vessel_id', '=', vesselId)
        .executeTakeFirst();
    },

    async zones(vesselId: number): Promise<GaDrawingZone[]> {
      const rows = await db
        .selectFrom('vessel_ga_zones')
        .select(['hull_zone', 'x', 'y', 'width', 'height'])
        .where('vessel_id', '=', vesselId)
        .execute();
      return rows.sort((a, b) => zoneOrder(a) - zoneOrder(b));
    },

    /** Stores the drawing in place of any earlier one and drops the rectangles that no longer fit. */
    async put(row: GaDrawingRow): Promise<void> {
      const { vessel_id: _vessel, ...changed } = row;
      await db
        .insertInto('vessel_ga_drawings')
        .values(row)
        .onConflict((conflict) => conflict.column('vessel_id').doUpdateSet(changed))
        .execute();
      await db
        .deleteFrom('vessel_ga_zones')
        .where('vessel_id', '=', row.vessel_id)
        .where((eb) =>
          eb.or([
            eb(eb('x', '+', eb.ref('width')), '>', row.width),
            eb(eb('y', '+', eb.ref('height')), '>', row.height),
          ]),
        )
        .execute();
    },

    async replaceZones(vesselId: number, zones: GaDrawingZone[]): Promise<void> {
      await db.deleteFrom('vessel_ga_zones').where('vessel_id', '=', vesselId).execute();
      if (zones.length === 0) return;
      await db
        .insertInto('vessel_ga_zones')
        .values(zones.map((zone) => ({ vessel_id: vesselId, ...zone })))
        .execute();
    },

    /** Removes the row (its zones go with it); the caller removes the file. */
    async remove(owner: number, vesselId: number): Promise<void> {
      await db
        .deleteFrom('vessel_ga_drawings')
        .where('owner', '=', owner)
        .where('vessel_id', '=', vesselId)
        .execute();
    },
  };
}
