import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { inTransaction } from '../../db/transaction.js';
import type { CreditPriceTier } from './credit-prices.js';

/** The operator's tiers, stored so every API process of a deployment offers the same prices. */
export function creditPricesRepository(db: Kysely<DB>) {
  return {
    async list(): Promise<CreditPriceTier[]> {
      const rows = await db.selectFrom('credit_prices').selectAll().orderBy('amount').execute();
      return rows.map((row) => ({ amount: row.amount, priceCents: row.price_cents }));
    },

    /** Replaces the whole list at once, so buyers never see half of an update. */
    replace(tiers: CreditPriceTier[]): Promise<void> {
      return inTransaction(db, async (trx) => {
        await trx.deleteFrom('credit_prices').execute();
        const updatedAt = nowIso();
        await trx
          .insertInto('credit_prices')
          .values(
            tiers.map((tier) => ({
              amount: tier.amount,
              price_cents: tier.priceCents,
              updated_at: updatedAt,
            })),
          )
          .execute();
      });
    },

    async clear(): Promise<void> {
      await db.deleteFrom('credit_prices').execute();
    },
  };
}
