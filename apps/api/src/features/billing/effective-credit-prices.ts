import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { CreditPriceTier } from './credit-prices.js';
import { creditPricesRepository } from './credit-prices.repository.js';

export interface EffectivePrices {
  tiers: CreditPriceTier[];
  /** Where they come from: set with the admin command, or CREDIT_PRICES (or its defaults). */
  source: 'database' | 'configuration';
}

/** Tiers set by an operator win; without any, the configured ones apply. */
export async function effectiveCreditPrices(
  db: Kysely<DB>,
  configured: CreditPriceTier[],
): Promise<EffectivePrices> {
  const stored = await creditPricesRepository(db).list();
  return stored.length > 0
    ? { tiers: stored, source: 'database' }
    : { tiers: configured, source: 'configuration' };
}
