import { routes, type Transaction } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB, LedgerRow } from '../../db/schema.js';
import type { Router } from '../../http/router.js';
import { balanceOf, ledgerRowsOf } from './ledger.js';

function toTransaction(row: LedgerRow): Transaction {
  return {
    id: row.id,
    amount: row.amount,
    request_date: row.created_at,
    status: row.status,
    kind: row.kind,
    reason: row.reason,
  };
}

export function registerCreditRoutes(router: Router, db: Kysely<DB>): void {
  router.add(routes.getCredits, async ({ user }) => ({ credits: await balanceOf(db, user.id) }));

  router.add(routes.listTransactions, async ({ user }) =>
    (await ledgerRowsOf(db, user.id)).map(toTransaction),
  );
}
