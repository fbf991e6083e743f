import { checkoutExpiresAt, type CreditPriceOption, type PaymentRedirect } from '@hullscope/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { fieldErrors, nonFieldError, notFound, serviceUnavailable } from '../../http/api-error.js';
import type { PaymentProvider } from '../../payments/payment-provider.js';
import { billingRepository } from './billing.repository.js';
import type { CreditPriceTier } from './credit-prices.js';
import { effectiveCreditPrices } from './effective-credit-prices.js';
import { closePurchaseRow, openPurchaseRow } from './purchase-ledger.js';
import { euro, priceText } from './money.js';

/** Spec §4: Buy Credits needs the company country (VAT depends on it). */
export const COUNTRY_REQUIRED =
  'Please enter your company information in the account settings before you can purchase Credits.';

export interface CheckoutDependencies {
  db: Kysely<DB>;
  provider: PaymentProvider;
  configuredPrices: CreditPriceTier[];
  appUrl: string;
  log: FastifyBaseLogger;
}

export function checkoutService({ db, provider, configuredPrices, appUrl, log }: CheckoutDependencies) {
  async function tiers(): Promise<CreditPriceTier[]> {
    return (await effectiveCreditPrices(db, configuredPrices)).tiers;
  }

  return {
    async listPrices(): Promise<CreditPriceOption[]> {
      return (await tiers()).map((tier) => ({ amount: tier.amount, price: priceText(tier.priceCents) }));
    },

    /**
     * Opens a checkout for one tier: a PENDING purchase (not yet credited) and its payment record
     * first, so the provider's session carries the purchase id, then the provider's session.
     */
    async startCheckout(organisationId: number, userId: number, amount: number): Promise<PaymentRedirect> {
      const offered = await tiers();
      const tier = offered.find((candidate) => candidate.amount === amount);
      if (!tier) {
        throw fieldErrors({
          amount: [
            `Choose one of the offered amounts: ${offered.map((option) => option.amount).join(', ')}.`,
          ],
        });
      }
      const billing = billingRepository(db);
      const company = await billing.companyOf(organisationId);
      if (!company?.country) throw nonFieldError(COUNTRY_REQUIRED);
      const contact = await billing.contactOf(userId);
      if (!contact) throw notFound();

      const { purchase, payment } = await db.transaction().execute(async (trx) => {
        const row = await openPurchaseRow(trx, {
          organisationId,
          userId,
          credits: tier.amount,
          reason: `Purchase of ${tier.amount} credits (${euro(tier.priceCents)} excluding VAT)`,
        });
        const record = await billingRepository(trx).insertPayment({
          ledgerId: row.id,
          provider: provider.name,
          credits: tier.amount,
          netCents: tier.priceCents,
        });
        return { purchase: row, payment: record };
      });

      try {
        const checkout = await provider.createCheckout({
          purchaseId: purchase.id,
          credits: tier.amount,
          netCents: tier.priceCents,
          customerEmail: contact.email,
          productName: `${tier.amount} Hullscope credits`,
          successUrl: `${appUrl}/transactions?checkout=success`,
          cancelUrl: `${appUrl}/transactions?checkout=cancelled`,
          expiresAt: checkoutExpiresAt(purchase.created_at),
        });
        await billing.attachSession(payment.id, checkout.sessionId);
        return { redirect_url: checkout.redirectUrl };
      } catch (error) {
        log.error({ err: error, purchase: purchase.id }, 'payment provider refused to open a checkout');
        await closePurchaseRow(db, purchase.id, 'FAILED');
        await billing.finish(payment.id, 'FAILED');
        throw serviceUnavailable('The payment provider could not be reached. Please try again later.');
      }
    },
  };
}

export type CheckoutService = ReturnType<typeof checkoutService>;
