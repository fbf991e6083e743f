import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import type { Router } from '../../http/router.js';
import type { Mailer } from '../../mail/mailer.js';
import { createPaymentProvider } from '../../payments/create-payment-provider.js';
import { registerBillingRoutes } from './billing.routes.js';
import { checkoutService } from './checkout.service.js';
import { purchaseFulfilment } from './fulfil-purchase.js';
import { registerSandboxCheckout } from './sandbox-checkout.routes.js';
import { registerStripeWebhook } from './stripe-webhook.routes.js';

/** Prices, checkout and fulfilment, with the provider the configuration chose and its own routes. */
export async function registerBilling(
  app: FastifyInstance,
  router: Router,
  { db, mailer, config }: { db: Kysely<DB>; mailer: Mailer; config: Config },
): Promise<void> {
  const provider = createPaymentProvider(config.payments, config.appUrl, config.jwtSecret);
  const fulfilPurchase = purchaseFulfilment(db, mailer, app.log);
  registerBillingRoutes(
    router,
    checkoutService({
      db,
      provider,
      configuredPrices: config.creditPrices,
      appUrl: config.appUrl,
      log: app.log,
    }),
  );
  if (provider.name === 'stripe') {
    await registerStripeWebhook(app, provider, fulfilPurchase, config.bodyLimitBytes);
  } else {
    await registerSandboxCheckout(app, { db, provider, fulfilPurchase, appUrl: config.appUrl });
  }
  app.log.info({ provider: provider.name }, 'payments ready');
}
