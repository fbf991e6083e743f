import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The organisation's rows, as a data export writes them: every query scoped to the owner. */
export function exportRowsRepository(db: Kysely<DB>) {
  return {
    account(userId: number) {
      return db
        .selectFrom('users')
        .select([
          'id',
          'username',
          'email',
          'first_name',
          'last_name',
          'email_confirmed_at',
          'created_at',
          'updated_at',
        ])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    organisation(owner: number) {
      return db
        .selectFrom('organisations')
        .select(['id', 'name', 'credits', 'created_at', 'updated_at'])
        .where('id', '=', owner)
        .executeTakeFirst();
    },

    members(owner: number) {
      return db
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select(['users.id as user_id', 'users.username', 'memberships.role', 'memberships.created_at'])
        .where('memberships.organisation_id', '=', owner)
        .orderBy('memberships.id')
        .execute();
    },

    company(owner: number) {
      return db.selectFrom('companies').selectAll().where('owner', '=', owner).executeTakeFirst();
    },

    vessels(owner: number) {
      return db.selectFrom('vessels').selectAll().where('owner', '=', owner).orderBy('id').execute();
    },

    cleanings(owner: number) {
      return db.selectFrom('cleanings').selectAll().where('owner', '=', owner).orderBy('id').execute();
    },

    projects(owner: number) {
      return db.selectFrom('projects').selectAll().where('owner', '=', owner).orderBy('id').execute();
    },

    predictionRequests(owner: number) {
      return db
        .selectFrom('prediction_requests')
        .innerJoin('cv_models', 'cv_models.id', 'prediction_requests.model_id')
        .innerJoin('resolutions', 'resolutions.id', 'prediction_requests.resolution_id')
        .select([
          'prediction_requests.id',
          'prediction_requests.project_id',
          'cv_models.name as model',
          'resolutions.name as resolution',
          'prediction_requests.status',
          'prediction_requests.price_per_image',
          'prediction_requests.images_total',
          'prediction_requests.images_done',
          'prediction_requests.images_failed',
          'prediction_requests.created_at',
          'prediction_requests.started_at',
          'prediction_requests.finished_at',
        ])
        .where('prediction_requests.owner', '=', owner)
        .orderBy('prediction_requests.id')
        .execute();
    },

    ledger(owner: number) {
      return db
        .selectFrom('credit_ledger')
        .select([
          'id',
          'kind',
          'amount',
          'status',
          'reason',
          'prediction_request_id',
          'user_id',
          'created_at',
        ])
        .where('organisation_id', '=', owner)
        .orderBy('id')
        .execute();
    },

    payments(owner: number) {
      return db
        .selectFrom('payments')
        .innerJoin('credit_ledger', 'credit_ledger.id', 'payments.ledger_id')
        .select([
          'payments.id',
          'payments.ledger_id',
          'payments.provider',
          'payments.status',
          'payments.credits',
          'payments.net_cents',
          'payments.tax_cents',
          'payments.total_cents',
          'payments.currency',
          'payments.vat_note',
          'payments.billing_details',
          'payments.created_at',
          'payments.settled_at',
        ])
        .where('credit_ledger.organisation_id', '=', owner)
        .orderBy('payments.id')
        .execute();
    },
  };
}
