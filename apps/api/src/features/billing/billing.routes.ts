import { routes } from '@hullscope/contract';
import type { Router } from '../../http/router.js';
import type { CheckoutService } from './checkout.service.js';

export function registerBillingRoutes(router: Router, checkout: CheckoutService): void {
  router.add(routes.listCreditPrices, () => checkout.listPrices());

  router.add(routes.createCheckoutSession, ({ user, organisation, body }) =>
    checkout.startCheckout(organisation.id, user.id, body.amount),
  );
}
