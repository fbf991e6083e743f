import {
  type Vessel,
  type VesselCreateRequest,
  type VesselUpdateRequest,
  vesselMessages,
} from '@hullscope/contract';
import type { Kysely } from 'kysely';
import { insertBelowCap } from '../../db/capped-insert.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { ListPage } from '../../db/paging.js';
import { lockRow } from '../../db/row-lock.js';
import type { DB, VesselRow } from '../../db/schema.js';
import { FieldErrorCollector, conflict, fieldErrors, nonFieldError, notFound } from '../../http/api-error.js';
import { type AuditSource, recordAudit } from '../audit/audit-log.js';
import { auditCascadedCleanings } from '../audit/cascaded-cleanings.js';
import { isCountryCode } from '../company/countries.js';
import { checkParticulars, particularsOf } from './vessel-particulars.js';
import { vesselsRepository } from './vessels.repository.js';

/** The vessel as the API shows it: every column but the owner (the caller, always). */
export function toVessel(row: VesselRow): Vessel {
  const { owner: _owner, ...vessel } = row;
  return { ...vessel, ...particularsOf(row) };
}

const imoNumberTaken = () => fieldErrors({ imo_number: [vesselMessages.imoNumberTaken] });

/**
 * The rules beyond the request's shape: the flag is a country of GET /api/countries/, an IMO number
 * is on at most one of the owner's vessels, an account has at most `maxPerAccount` vessels, and
 * another user's vessel is not found (404).
 */
export function vesselsService(db: Kysely<DB>, maxPerAccount: number) {
  const vessels = vesselsRepository(db);

  async function checkFields(
    owner: number,
    fields: VesselCreateRequest | VesselUpdateRequest,
    stored?: VesselRow,
  ): Promise<void> {
    const exceptId = stored?.id;
    const errors = new FieldErrorCollector();
    checkParticulars(errors, stored ? particularsOf(stored) : null, fields);
    if (fields.flag && !isCountryCode(fields.flag)) errors.add('flag', vesselMessages.invalidCountry);
    if (fields.imo_number && (await vessels.imoNumberTaken(owner, fields.imo_number, exceptId))) {
      errors.add('imo_number', vesselMessages.imoNumberTaken);
    }
    errors.throwIfAny();
  }

  /** The unique index decides between two requests that passed the check at the same moment. */
  async function orTaken<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw imoNumberTaken();
      throw error;
    }
  }

  return {
    async list(owner: number, page: ListPage): Promise<Vessel[]> {
      return (await vessels.listByOwner(owner, page)).map(toVessel);
    },

    count(owner: number): Promise<number> {
      return vessels.countByOwner(owner);
    },

    async get(owner: number, id: number): Promise<Vessel> {
      const row = await vessels.findOwned(owner, id);
      if (!row) throw notFound();
      return toVessel(row);
    },

    async create(owner: number, fields: VesselCreateRequest): Promise<Vessel> {
      await checkFields(owner, fields);
      const row = await orTaken(() =>
        insertBelowCap(
          db,
          { key: `vessels-of:${owner}`, cap: maxPerAccount },
          (trx) => vesselsRepository(trx).countByOwner(owner),
          (trx) => vesselsRepository(trx).create(owner, fields),
        ),
      );
      if (!row) {
        throw nonFieldError(
          `You already have ${maxPerAccount} vessels, the most one account may have. Delete one you no longer need to add another.`,
        );
      }
      return toVessel(row);
    },

    async update(owner: number, id: number, fields: VesselUpdateRequest): Promise<Vessel> {
      const stored = await vessels.findOwned(owner, id);
      if (!stored) throw notFound();
      await checkFields(owner, fields, stored);
      const row = await orTaken(() => vessels.updateOwned(owner, id, fields));
      if (!row) throw notFound();
      return toVessel(row);
    },

    /**
     * Deletes the vessel with its audit entries in one transaction: the vessel's, and one per
     * cleaning of it, since the delete takes those cleanings with it. The vessel's row is locked
     * first, so a cleaning recorded at the same moment is either listed here or fails on the gone vessel.
     */
    async delete(owner: number, id: number, source: AuditSource): Promise<VesselRow> {
      const outcome = await db.transaction().execute(async (trx) => {
        await lockRow(trx, 'vessels', id);
        const locked = vesselsRepository(trx);
        const stored = await locked.findOwned(owner, id);
        if (!stored) return 'missing' as const;
        const cleanings = await locked.cleaningsOf(owner, id);
        const deleted = await locked.deleteOwned(owner, id);
        if (deleted !== 'deleted') return deleted;
        await recordAudit(trx, {
          organisationId: owner,
          ...source,
          action: 'vessel.delete',
          target: { type: 'vessel', id: stored.id, label: stored.name },
        });
        await auditCascadedCleanings(trx, owner, source, cleanings, () => ({
          vessel: stored.id,
          with_vessel: stored.id,
        }));
        return stored;
      });
      if (outcome === 'missing') throw notFound();
      if (outcome === 'signed') {
        throw conflict('A signed inspection names this vessel. Reopen its inspections to delete the vessel.');
      }
      return outcome;
    },
  };
}
