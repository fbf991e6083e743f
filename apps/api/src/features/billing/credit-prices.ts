/** A credit tier: whole credits for a net price in euro cents (excluding VAT). */
export interface CreditPriceTier {
  amount: number;
  priceCents: number;
}

const PRICE = /^\d{1,6}\.\d{2}$/;

/**
 * Parses `amount:price` pairs such as `100:49.00,500:199.00` (price in euro excluding VAT, two
 * decimals), sorted by amount. Shared by CREDIT_PRICES and the admin command that sets prices.
 */
export function parseCreditPrices(list: string): CreditPriceTier[] {
  const tiers = list
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const [amountText = '', priceText = '', ...rest] = pair.split(':').map((part) => part.trim());
      const amount = Number(amountText);
      if (rest.length > 0 || !/^\d+$/.test(amountText) || amount <= 0 || amount > 1_000_000) {
        throw new Error(`"${pair}" must be credits:price, e.g. 100:49.00`);
      }
      if (!PRICE.test(priceText)) throw new Error(`price of ${amount} credits must look like 49.00`);
      // Whole cents from the text itself, never through floating point.
      const priceCents = Number(priceText.replace('.', ''));
      if (priceCents <= 0) throw new Error(`price of ${amount} credits must be above 0.00`);
      return { amount, priceCents };
    })
    .sort((a, b) => a.amount - b.amount);
  if (tiers.length === 0) throw new Error('at least one tier is needed, e.g. 100:49.00');
  const amounts = tiers.map((tier) => tier.amount);
  const repeated = amounts.find((amount, index) => amounts.indexOf(amount) !== index);
  if (repeated !== undefined) throw new Error(`${repeated} credits is listed twice`);
  return tiers;
}
