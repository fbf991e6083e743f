import type { CheckoutReturn } from '@hullscope/contract';
import type { PaymentStatus } from '../../db/schema.js';

const RETURN_OF: Record<PaymentStatus, CheckoutReturn> = {
  PAID: 'paid',
  EXPIRED: 'expired',
  FAILED: 'failed',
  PENDING: 'pending',
};

/**
 * Where the sandbox's Pay and Cancel send the buyer: the Transactions page with the purchase's state
 * as it is after the fulfilment, not the button pressed. A Pay on a cancelled checkout finds it
 * expired, and of a Pay and a Cancel racing each other only one settles the purchase: both buyers'
 * tabs must then tell that one outcome.
 */
export function checkoutReturnUrl(transactionsUrl: string, status: PaymentStatus): string {
  return `${transactionsUrl}?checkout=${RETURN_OF[status]}`;
}
