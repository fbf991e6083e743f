import type { ApiRegistrar } from '../../feature-context.js';
import { registerBillingRoutes } from './billing.routes.js';
import { checkoutService } from './checkout.service.js';
import { purchaseFulfilment } from './fulfil-purchase.js';
import { registerSandboxCheckout } from './sandbox-checkout.routes.js';
import { registerStripeWebhook } from './stripe-webhook.routes.js';

/** Prices, checkout and fulfilment, with the provider the configuration chose and its own routes. */
export const registerBilling: ApiRegistrar = async ({
  app,
  router,
  db,
  mailer,
  payments: provider,
  config,
}) => {
  const fulfilPurchase = purchaseFulfilment(db, mailer, app.log);
  registerBillingRoutes(router, {
    db,
    checkout: checkoutService({
      db,
      provider,
      configuredPrices: config.creditPrices,
      appUrl: config.appUrl,
      log: app.log,
    }),
    provider,
    fulfilPurchase,
    seller: config.invoiceSeller,
  });
  if (provider.name === 'stripe') {
    await registerStripeWebhook(app, provider, fulfilPurchase, config.bodyLimitBytes);
  } else {
    await registerSandboxCheckout(app, { db, provider, fulfilPurchase, appUrl: config.appUrl });
  }
  app.log.info({ provider: provider.name }, 'payments ready');
};
