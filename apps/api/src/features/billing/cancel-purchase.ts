import type { PurchaseCancelled } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { conflict, notFound } from '../../http/api-error.js';
import type { PaymentProvider } from '../../payments/payment-provider.js';
import { billingRepository } from './billing.repository.js';
import type { FulfilPurchase } from './fulfil-purchase.js';

const NOT_AWAITING = 'This purchase no longer awaits payment.';

/**
 * Cancels a purchase left at checkout (issue 45 §10): the provider's session is closed first, so it
 * cannot be paid after the purchase reads cancelled, then the purchase is settled EXPIRED by the same
 * fulfilment a provider's own expiry goes through. A checkout the provider already completed is left
 * to its payment (409).
 */
export async function cancelPurchase(
  deps: { db: Kysely<DB>; provider: PaymentProvider; fulfilPurchase: FulfilPurchase },
  organisationId: number,
  ledgerId: number,
): Promise<PurchaseCancelled> {
  const payment = await billingRepository(deps.db).purchaseOf(organisationId, ledgerId);
  if (!payment) throw notFound();
  if (payment.status !== 'PENDING') throw conflict(NOT_AWAITING);
  if (payment.session_id === null)
    throw conflict('This purchase is still being opened; try again in a moment.');
  if (payment.provider !== deps.provider.name || !(await deps.provider.cancelCheckout(payment.session_id))) {
    throw conflict('This purchase is being paid and can no longer be cancelled.');
  }
  const outcome = await deps.fulfilPurchase({
    provider: payment.provider,
    sessionId: payment.session_id,
    outcome: 'expired',
  });
  if (outcome.result !== 'settled') throw conflict(NOT_AWAITING);
  return { id: ledgerId, status: 'EXPIRED' };
}
