import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, PaymentProviderName, PaymentStatus } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import {
  BILLING_FIELDS,
  type BillingDetails,
  type PaymentWithOwner,
  billingRepository,
} from './billing.repository.js';
import { closePurchaseRow, settlePurchaseRow } from './purchase-ledger.js';
import { type Receipt, receiptMail } from './receipt-mail.js';
import { recordAudit } from '../audit/audit-log.js';
import { assessVat, describeChargedVat } from './vat.js';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.js';

/** What the provider says happened to a checkout session. */
export type CheckoutOutcome = 'paid' | 'failed' | 'expired' | 'awaiting-payment';

export interface FulfilmentInput {
  provider: PaymentProviderName;
  sessionId: string;
  outcome: CheckoutOutcome;
  /** The provider's event, recorded so that a redelivery of it changes nothing. */
  event?: { id: string; type: string };
  /** Billing details entered at checkout; they are copied onto the company record. */
  billing?: Partial<BillingDetails>;
  /** What the provider charged (Stripe). Without it the sandbox charges net plus the VAT assessed here. */
  charged?: { netCents: number; taxCents: number; totalCents: number; currency: string };
}

export type FulfilmentResult =
  | { result: 'unknown-session' }
  | { result: 'duplicate-event' }
  | { result: 'amount-mismatch' }
  | { result: 'unchanged' }
  | { result: 'settled'; status: Exclude<PaymentStatus, 'PENDING'> };

interface Settled {
  outcome: FulfilmentResult;
  /** Sent after the commit. */
  receipt?: Receipt;
}

const CLOSED: Record<'failed' | 'expired', 'FAILED' | 'EXPIRED'> = { failed: 'FAILED', expired: 'EXPIRED' };

function snapshot(company: Partial<BillingDetails> | undefined): BillingDetails | null {
  if (!company) return null;
  const details = {} as BillingDetails;
  for (const field of BILLING_FIELDS) details[field] = company[field] ?? '';
  return details;
}

/**
 * The one fulfilment of a credit purchase, used by the Stripe webhook and the sandbox's Pay and Cancel
 * alike. Safe to call any number of times, concurrently, on both databases: a known event id is
 * skipped, and the guarded PENDING → PAID update lets exactly one caller credit the account, in the
 * same transaction that records the event, the payment and the billing details. The receipt goes out
 * after the commit, so a slow or failing mail server never undoes a payment.
 */
/** A paid purchase in its organisation's audit log, the buyer as actor (settled by the provider's call). */
async function recordPurchase(trx: Kysely<DB>, payment: PaymentWithOwner): Promise<void> {
  if (payment.organisation_id === null) return;
  const buyer =
    payment.user_id === null
      ? undefined
      : await trx
          .selectFrom('users')
          .select(['id', 'username'])
          .where('id', '=', payment.user_id)
          .executeTakeFirst();
  await recordAudit(trx, {
    organisationId: payment.organisation_id,
    actor: buyer ?? null,
    action: 'credits.purchase',
    target: { type: 'purchase', id: payment.ledger_id },
    detail: { credits: payment.credits, net_cents: payment.net_cents, currency: payment.currency },
  });
}

export function purchaseFulfilment(db: Kysely<DB>, mailer: Mailer, log: FastifyBaseLogger) {
  /** The paid branch: credit once, keep the billing details, and prepare the receipt. */
  async function pay(trx: Kysely<DB>, payment: PaymentWithOwner, input: FulfilmentInput): Promise<Settled> {
    const billing = billingRepository(trx);
    const { charged } = input;
    if (charged && (charged.netCents !== payment.net_cents || charged.currency !== payment.currency)) {
      log.error(
        { payment: payment.id, charged },
        'checkout amount does not match the purchase; not credited',
      );
      return { outcome: { result: 'amount-mismatch' } };
    }
    if (!(await settlePurchaseRow(trx, payment.ledger_id))) return { outcome: { result: 'unchanged' } };
    await recordPurchase(trx, payment);

    const owner = payment.organisation_id;
    if (owner !== null && input.billing) await billing.saveCheckoutBilling(owner, input.billing);
    const details = snapshot(owner === null ? input.billing : await billing.companyOf(owner));
    const country = details?.country ?? '';
    const taxId = details?.tax_id ?? '';
    const vat = charged
      ? { taxCents: charged.taxCents, note: describeChargedVat(charged.taxCents, country, taxId) }
      : assessVat(payment.net_cents, country, taxId);
    const totalCents = charged?.totalCents ?? payment.net_cents + vat.taxCents;
    const paid = await billing.finish(payment.id, 'PAID', {
      taxCents: vat.taxCents,
      totalCents,
      vatNote: vat.note,
      billing: details,
    });

    if (owner !== null) {
      await emitWebhookEvent(trx, owner, 'purchase.paid', {
        purchase_id: payment.ledger_id,
        credits: payment.credits,
        net_cents: payment.net_cents,
        total_cents: totalCents,
        currency: payment.currency,
      });
    }

    const contact = payment.user_id === null ? undefined : await billing.contactOf(payment.user_id);
    const receipt: Receipt | undefined = contact && {
      to: contact.email,
      firstName: contact.first_name,
      purchaseId: payment.ledger_id,
      credits: payment.credits,
      netCents: payment.net_cents,
      taxCents: vat.taxCents,
      totalCents,
      vatNote: vat.note,
      paidAt: paid.settled_at ?? paid.updated_at,
      provider: payment.provider,
      billing: details,
    };
    return { outcome: { result: 'settled', status: 'PAID' }, receipt };
  }

  async function settle(input: FulfilmentInput): Promise<Settled> {
    return db.transaction().execute(async (trx) => {
      const billing = billingRepository(trx);
      const payment = await billing.findBySession(input.sessionId);
      if (!payment || payment.provider !== input.provider) return { outcome: { result: 'unknown-session' } };
      if (input.event && !(await billing.recordEvent(input.event.id, payment.id, input.event.type))) {
        return { outcome: { result: 'duplicate-event' } };
      }
      if (input.outcome === 'awaiting-payment') return { outcome: { result: 'unchanged' } };

      if (input.outcome !== 'paid') {
        const status = CLOSED[input.outcome];
        if (!(await closePurchaseRow(trx, payment.ledger_id, status)))
          return { outcome: { result: 'unchanged' } };
        await billing.finish(payment.id, status);
        return { outcome: { result: 'settled', status } };
      }

      return pay(trx, payment, input);
    });
  }

  return async function fulfilPurchase(input: FulfilmentInput): Promise<FulfilmentResult> {
    const { outcome, receipt } = await settle(input);
    log.info({ sessionId: input.sessionId, event: input.event?.id, ...outcome }, 'purchase fulfilment');
    if (receipt) {
      await mailer.send(receiptMail(receipt)).catch((error: unknown) => {
        log.error({ err: error, purchase: receipt.purchaseId }, 'receipt e-mail could not be sent');
      });
    }
    return outcome;
  };
}

export type FulfilPurchase = ReturnType<typeof purchaseFulfilment>;
