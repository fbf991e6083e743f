import { type SandboxProvider, sandboxProvider } from './sandbox-provider.js';
import { type StripeConfig, type StripeProvider, stripeProvider } from './stripe-provider.js';

/** Stripe when a key is configured; otherwise the embedded sandbox, which never moves money. */
export type PaymentsConfig = { provider: 'sandbox' } | StripeConfig;

export type ConfiguredPaymentProvider = SandboxProvider | StripeProvider;

/** Stripe when configured, else the sandbox (config.ts refuses the sandbox in production). */
export function createPaymentProvider(
  config: PaymentsConfig,
  appUrl: string,
  serverSecret: string,
): ConfiguredPaymentProvider {
  return config.provider === 'stripe' ? stripeProvider(config) : sandboxProvider(appUrl, serverSecret);
}
