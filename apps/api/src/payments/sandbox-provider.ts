import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CheckoutRequest, PaymentProvider, ProviderCheckout } from './payment-provider.js';

export const SANDBOX_PATH = '/api/payments/sandbox';

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** True only for the token of the link this session was opened with. */
  isValidPageToken(sessionId: string, token: unknown): boolean;
}

/**
 * The embedded checkout: no money moves, the app serves the payment page itself. The page link
 * carries an HMAC of the session id under a server secret, so only the buyer who was redirected there
 * can pay or cancel it, and nothing needs storing.
 */
export function sandboxProvider(appUrl: string, secret: string): SandboxProvider {
  const tokenFor = (sessionId: string) =>
    createHmac('sha256', secret).update(`sandbox-checkout:${sessionId}`).digest('base64url');

  return {
    name: 'sandbox',
    async createCheckout(_request: CheckoutRequest): Promise<ProviderCheckout> {
      const sessionId = `sbx_${randomBytes(18).toString('base64url')}`;
      const url = new URL(`${appUrl}${SANDBOX_PATH}/${sessionId}`);
      url.searchParams.set('token', tokenFor(sessionId));
      return { sessionId, redirectUrl: url.toString() };
    },
    // The sandbox page checks the purchase's state itself: a closed purchase cannot be paid there.
    async cancelCheckout() {
      return true;
    },
    isValidPageToken(sessionId, token) {
      if (typeof token !== 'string') return false;
      const expected = Buffer.from(tokenFor(sessionId));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
