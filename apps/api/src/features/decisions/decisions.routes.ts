import { routes } from '@hullscope/contract';
import type { ApiRegistrar } from '../../feature-context.js';
import { decisionRulesService } from './decision-rules.service.js';

/** Issue 40 §4: the account's decision rules, read and replaced whole. */
export const registerDecisionRoutes: ApiRegistrar = ({ router, db }) => {
  const rules = decisionRulesService(db);
  router.add(routes.decisionRules, ({ organisation }) => rules.get(organisation.id));
  router.add(routes.updateDecisionRules, ({ organisation, body }) =>
    rules.replace(organisation.id, body.rules),
  );
};
