import { z } from 'zod';
import { id, isoDateTime } from './common.js';

export const Credits = z.object({ credits: z.number().int() }).meta({ id: 'Credits' });
export type Credits = z.infer<typeof Credits>;

export const CreditPriceOption = z
  .object({
    amount: z.number().int().positive(),
    price: z
      .string()
      .regex(/^\d+\.\d{2}$/)
      .describe('Euro excluding VAT, two decimals'),
  })
  .meta({ id: 'CreditPriceOption' });
export type CreditPriceOption = z.infer<typeof CreditPriceOption>;
export const CreditPriceOptionList = z.array(CreditPriceOption);

/** Credit purchase form and checkout request: a whole number of credits, at least 1. */
export const CheckoutSessionRequest = z
  .object({
    amount: z.coerce
      .number({ error: 'Please enter a number' })
      .int('Please enter a whole number')
      .min(1, 'Ensure this value is greater than or equal to 1.'),
  })
  .meta({ id: 'CheckoutSessionRequest' });
export type CheckoutSessionRequest = z.infer<typeof CheckoutSessionRequest>;

/**
 * `?checkout=` on the Transactions page when a checkout sends the buyer back. The sandbox names the
 * purchase's state as read after its Pay or Cancel took effect (whichever of them won a race), so
 * `paid`, `expired` or `failed`, and `pending` if neither settled it. Stripe returns the buyer before
 * its webhook settles the purchase, so its return can only say `success` (payment submitted) or
 * `cancelled` (checkout left).
 */
export const CheckoutReturn = z.enum(['paid', 'expired', 'failed', 'pending', 'success', 'cancelled']);
export type CheckoutReturn = z.infer<typeof CheckoutReturn>;

/**
 * How long a checkout takes payment (issue 45 §10): the provider's session is opened with this
 * expiry, and the Transactions page shows a purchase awaiting payment with the time it lapses.
 */
export const CHECKOUT_LIFETIME_MINUTES = 60;

/** When a purchase opened at `requestDate` stops taking payment (ISO 8601). */
export function checkoutExpiresAt(requestDate: string): string {
  return new Date(Date.parse(requestDate) + CHECKOUT_LIFETIME_MINUTES * 60_000).toISOString();
}

/** The answer to cancelling a purchase that awaits payment: its new status. */
export const PurchaseCancelled = z
  .object({ id, status: z.literal('EXPIRED') })
  .meta({ id: 'PurchaseCancelled' });
export type PurchaseCancelled = z.infer<typeof PurchaseCancelled>;

export const PaymentRedirect = z.object({ redirect_url: z.string() }).meta({ id: 'PaymentRedirect' });
export type PaymentRedirect = z.infer<typeof PaymentRedirect>;

export const TransactionKind = z.enum(['signup_bonus', 'purchase', 'prediction', 'refund', 'admin_grant']);
export type TransactionKind = z.infer<typeof TransactionKind>;

/** SETTLED rows count at once; purchases move PENDING → PAID (counts) or FAILED / EXPIRED (never count). */
export const TransactionStatus = z.enum(['SETTLED', 'PENDING', 'PAID', 'FAILED', 'EXPIRED']);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

export const TransactionPredictQueue = z.object({
  id,
  images: z.array(id),
  project: z.object({ name: z.string() }),
  resolution: z.object({ name: z.string() }),
  status: z.string(),
});

export const Transaction = z
  .object({
    id,
    amount: z.number().int().describe('Signed credits: positive adds, negative spends'),
    request_date: isoDateTime,
    status: TransactionStatus,
    kind: TransactionKind,
    reason: z.string().nullable(),
    actor: z
      .string()
      .nullable()
      .optional()
      .describe("The member who acted (username); null for the system's own rows and deleted accounts"),
    predict_queue: TransactionPredictQueue.optional(),
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof Transaction>;
export const TransactionList = z.array(Transaction);
