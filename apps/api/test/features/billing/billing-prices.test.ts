import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listPrices, resetPrices, setPrices } from '../../../src/cli/price-commands.js';
import { ConfigError } from '../../../src/config.js';
import { loadConfig } from '../../../src/load-config.js';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { requestCheckout, setCompany } from '../../support/billing.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let user: SignedInUser;
let configDir: string;
beforeAll(async () => {
  t = await createTestApp({ CREDIT_PRICES: '250:99.50, 50:25.00' });
  user = await signUp(t.app, t.config.mail.outboxDir);
  await setCompany(t.app, user, { country: 'DE' });
  configDir = await mkdtemp(path.join(tmpdir(), 'hullscope-billing-config-'));
});
afterAll(async () => {
  await t.close();
  await rm(configDir, { recursive: true, force: true });
});

function config(env: Record<string, string>) {
  return loadConfig({ DATA_DIR: configDir, JWT_SECRET: 'x'.repeat(32), ...env });
}

function problemsOf(env: Record<string, string>): string[] {
  try {
    config(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

async function prices() {
  const response = await t.app.inject({ method: 'GET', url: '/api/credits/prices', headers: user.headers });
  return response.json();
}

describe('credit prices set by the operator', () => {
  it('come from CREDIT_PRICES, sorted by amount', async () => {
    expect(await prices()).toEqual([
      { amount: 50, price: '25.00' },
      { amount: 250, price: '99.50' },
    ]);
  });

  it('are replaced with the admin command for every process, and reset to the configuration', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const context = { config: t.config, db: t.app.database.db };
      await setPrices(context, { tiers: '1000:399.00,10:5.90' });
      expect(log).toHaveBeenLastCalledWith(
        'Credit prices set:\n  10 credits: €5.90 excluding VAT\n  1000 credits: €399.00 excluding VAT',
      );
      expect(await prices()).toEqual([
        { amount: 10, price: '5.90' },
        { amount: 1000, price: '399.00' },
      ]);
      expect((await requestCheckout(t.app, user, 250)).statusCode).toBe(400);
      expect((await requestCheckout(t.app, user, 10)).statusCode).toBe(200);

      await listPrices(context);
      expect(log).toHaveBeenLastCalledWith(expect.stringContaining('(set with set-prices)'));
      await expect(setPrices(context, { tiers: '10:5.9' })).rejects.toThrow(
        'Cannot set the prices: price of 10 credits must look like 49.00.',
      );
      await resetPrices(context);
      expect(await prices()).toEqual([
        { amount: 50, price: '25.00' },
        { amount: 250, price: '99.50' },
      ]);
    } finally {
      log.mockRestore();
    }
  });
});

describe('payment configuration', () => {
  it('defaults to the sandbox with the default tiers', () => {
    const defaults = config({});
    expect(defaults.payments).toEqual({ provider: 'sandbox' });
    expect(defaults.creditPrices).toEqual([
      { amount: 100, priceCents: 4900 },
      { amount: 500, priceCents: 19_900 },
      { amount: 2000, priceCents: 69_900 },
    ]);
  });

  it('refuses the sandbox in production and half-configured Stripe', () => {
    expect(problemsOf({ PRODUCTION: 'true' })).toEqual([
      'STRIPE_SECRET_KEY: required when PRODUCTION=true (the sandbox checkout moves no money)',
    ]);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual([
      'STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY, or payments are never confirmed',
    ]);
    expect(problemsOf({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toEqual([
      'STRIPE_SECRET_KEY: required with STRIPE_WEBHOOK_SECRET (or unset both for the sandbox)',
    ]);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'pk_test_abc' })[0]).toMatch(/^STRIPE_SECRET_KEY: must be/);
  });

  it('never sends a live key or production traffic to a test stand-in', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
    expect(problemsOf({ ...stripe, STRIPE_API_HOST: '127.0.0.1' })).toEqual([
      'STRIPE_API_HOST: a test-only override, refused with PRODUCTION=true or a live key',
    ]);
    expect(config({ ...stripe, PRODUCTION: 'true' }).payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_live_abc',
      webhookSecret: 'whsec_abc',
      automaticTax: false,
    });
  });

  it('lists every problem of a bad CREDIT_PRICES', () => {
    expect(problemsOf({ CREDIT_PRICES: '100:49' })).toEqual([
      'CREDIT_PRICES: price of 100 credits must look like 49.00',
    ]);
    expect(problemsOf({ CREDIT_PRICES: '100:49.00,100:50.00' })).toEqual([
      'CREDIT_PRICES: 100 credits is listed twice',
    ]);
    expect(problemsOf({ CREDIT_PRICES: 'ten:5.00' })).toEqual([
      'CREDIT_PRICES: "ten:5.00" must be credits:price, e.g. 100:49.00',
    ]);
    expect(problemsOf({ CREDIT_PRICES: '100:0.00' })).toEqual([
      'CREDIT_PRICES: price of 100 credits must be above 0.00',
    ]);
  });
});
