import { creditPricesRepository } from '../features/billing/credit-prices.repository.js';
import { parseCreditPrices } from '../features/billing/credit-prices.js';
import { effectiveCreditPrices } from '../features/billing/effective-credit-prices.js';
import { priceText } from '../features/billing/money.js';
import { type AdminContext, CommandError } from './admin-context.js';

function describe(tiers: { amount: number; priceCents: number }[]): string {
  return tiers
    .map((tier) => `  ${tier.amount} credits: €${priceText(tier.priceCents)} excluding VAT`)
    .join('\n');
}

/** Replaces the offered tiers for every API process sharing the database; running checkouts keep theirs. */
export async function setPrices({ db }: AdminContext, options: { tiers: string }): Promise<void> {
  let tiers;
  try {
    tiers = parseCreditPrices(options.tiers);
  } catch (error) {
    throw new CommandError(`Cannot set the prices: ${(error as Error).message}.`);
  }
  await creditPricesRepository(db).replace(tiers);
  console.log(`Credit prices set:\n${describe(tiers)}`);
}

export async function listPrices({ config, db }: AdminContext): Promise<void> {
  const { tiers, source } = await effectiveCreditPrices(db, config.creditPrices);
  const from = source === 'database' ? 'set with set-prices' : 'from CREDIT_PRICES or its defaults';
  console.log(`Credit prices (${from}):\n${describe(tiers)}`);
}

/** Drops the prices set here, so CREDIT_PRICES (or its defaults) applies again. */
export async function resetPrices({ config, db }: AdminContext): Promise<void> {
  await creditPricesRepository(db).clear();
  console.log(`Credit prices reset to the configuration:\n${describe(config.creditPrices)}`);
}
