import { routes } from '@hullscope/contract';
import type { ApiRegistrar } from '../../feature-context.js';
import { balanceOf } from './ledger.js';
import { listTransactions } from './transactions.js';

export const registerCreditRoutes: ApiRegistrar = ({ router, db }) => {
  router.add(routes.getCredits, async ({ organisation }) => ({
    credits: await balanceOf(db, organisation.id),
  }));

  router.add(routes.listTransactions, ({ organisation }) => listTransactions(db, organisation.id));
};
