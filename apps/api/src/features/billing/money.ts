/** Amounts are whole cents everywhere; these only turn them into text. */

/** `4900` → `"49.00"`: the price string of the API (euro, two decimals). */
export function priceText(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** `4900` → `"€49.00"`, for pages and e-mails. */
export function euro(cents: number): string {
  return `€${priceText(cents)}`;
}
