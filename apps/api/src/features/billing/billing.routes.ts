import { routes } from '@hullscope/contract';
import { create as contentDisposition } from 'content-disposition';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Router } from '../../http/router.js';
import type { PaymentProvider } from '../../payments/payment-provider.js';
import { cancelPurchase } from './cancel-purchase.js';
import type { CheckoutService } from './checkout.service.js';
import type { FulfilPurchase } from './fulfil-purchase.js';
import { type Invoice, invoiceNumber } from './invoice-pdf.js';
import { purchaseInvoice } from './purchase-invoice.js';

export interface BillingRouteDependencies {
  db: Kysely<DB>;
  checkout: CheckoutService;
  provider: PaymentProvider;
  fulfilPurchase: FulfilPurchase;
  seller: Invoice['seller'];
}

export function registerBillingRoutes(
  router: Router,
  { db, checkout, provider, fulfilPurchase, seller }: BillingRouteDependencies,
): void {
  router.add(routes.listCreditPrices, () => checkout.listPrices());

  router.add(routes.createCheckoutSession, ({ user, organisation, body }) =>
    checkout.startCheckout(organisation.id, user.id, body.amount),
  );

  router.add(routes.cancelPurchase, ({ organisation, params }) =>
    cancelPurchase({ db, provider, fulfilPurchase }, organisation.id, params.id),
  );

  router.add(routes.purchaseInvoice, async ({ organisation, params, reply }) => {
    const pdf = await purchaseInvoice(db, seller, organisation.id, params.id);
    pdf.on('error', (error) => reply.log.error({ err: error }, 'invoice failed'));
    return reply
      .header('content-disposition', contentDisposition(`hullscope-invoice-${invoiceNumber(params.id)}.pdf`))
      .header('access-control-expose-headers', 'Content-Disposition')
      .type('application/pdf')
      .send(pdf);
  });
}
