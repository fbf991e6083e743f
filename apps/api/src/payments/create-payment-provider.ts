import type { PaymentsConfig } from '../config.js';
import { type SandboxProvider, sandboxProvider } from './sandbox-provider.js';
import { type StripeProvider, stripeProvider } from './stripe-provider.js';

export type ConfiguredPaymentProvider = SandboxProvider | StripeProvider;

/** Stripe when configured, else the sandbox (config.ts refuses the sandbox in production). */
export function createPaymentProvider(
  config: PaymentsConfig,
  appUrl: string,
  serverSecret: string,
): ConfiguredPaymentProvider {
  return config.provider === 'stripe' ? stripeProvider(config) : sandboxProvider(appUrl, serverSecret);
}
