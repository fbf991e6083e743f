import { routes } from '@hullscope/contract';
import type { ApiRegistrar } from '../../feature-context.js';
import { balanceOf } from './ledger.js';
import { listTransactions } from './transactions.js';

export const registerCreditRoutes: ApiRegistrar = ({ router, db }) => {
  router.add(routes.getCredits, async ({ user }) => ({ credits: await balanceOf(db, user.id) }));

  router.add(routes.listTransactions, ({ user }) => listTransactions(db, user.id));
};
