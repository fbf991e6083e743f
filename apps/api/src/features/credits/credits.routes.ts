import { routes } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Router } from '../../http/router.js';
import { balanceOf } from './ledger.js';
import { listTransactions } from './transactions.js';

export function registerCreditRoutes(router: Router, db: Kysely<DB>): void {
  router.add(routes.getCredits, async ({ user }) => ({ credits: await balanceOf(db, user.id) }));

  router.add(routes.listTransactions, ({ user }) => listTransactions(db, user.id));
}
