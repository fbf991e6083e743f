import type { AddressInfo } from 'node:net';
import type { PaymentsConfig } from './payments/create-payment-provider.js';

export interface StartupMessage {
  level: 'info' | 'warn';
  msg: string;
}

/** A string is a Unix socket's path. */
function urlOf(info: AddressInfo | string): string {
  if (typeof info === 'string') return info;
  const { address, family, port } = info;
  const url = `http://${family === 'IPv6' ? `[${address}]` : address}:${port}`;
  return address === '0.0.0.0' || address === '::' ? `${url} (every interface)` : url;
}

/**
 * What an operator needs to read in the start log: where the server can be reached, and whether
 * purchases move money. The sandbox is a warning because credits bought there are free.
 */
export function startupMessages(
  addresses: (AddressInfo | string)[],
  appUrl: string,
  payments: PaymentsConfig,
): StartupMessage[] {
  const listening = addresses.map(urlOf).join(', ');
  return [
    { level: 'info', msg: `Listening on ${listening}; the web app's public address is ${appUrl}` },
    payments.provider === 'sandbox'
      ? {
          level: 'warn',
          msg: 'Payments are in sandbox mode: the checkout is a test page of this app and no money moves (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for Stripe)',
        }
      : {
          level: 'info',
          msg: `Payments go through Stripe Checkout (${/_live_/.test(payments.secretKey) ? 'live' : 'test'} key)`,
        },
  ];
}
