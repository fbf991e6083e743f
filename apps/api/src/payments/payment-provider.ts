import type { PaymentProviderName } from '../db/schema.js';

/** What a provider needs to open a hosted checkout for one credit purchase. */
export interface CheckoutRequest {
  /** The purchase's ledger row id: the buyer's reference on the receipt and in the provider's records. */
  purchaseId: number;
  credits: number;
  /** Net price in euro cents; VAT comes on top. */
  netCents: number;
  customerEmail: string;
  productName: string;
  successUrl: string;
  cancelUrl: string;
  /** When the checkout stops taking payment (ISO 8601). */
  expiresAt: string;
}

export interface ProviderCheckout {
  sessionId: string;
  /** Where the browser goes to pay. */
  redirectUrl: string;
}

/** The payment port: the embedded sandbox or Stripe Checkout, chosen by configuration. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<ProviderCheckout>;
  /**
   * Ends an open checkout so it can no longer be paid; false when the provider says it was already
   * completed (paid or being paid), and the purchase must not be cancelled.
   */
  cancelCheckout(sessionId: string): Promise<boolean>;
}
