import { countryList } from '../company/countries.js';

/** The seller's country (Hullscope's imprint; German law governs the terms). */
export const SELLER_COUNTRY = 'DE';

/**
 * Standard VAT rates of the EU member states in basis points (2025). Used by the sandbox to show and
 * charge VAT; with Stripe, Stripe Tax (STRIPE_AUTOMATIC_TAX) computes the tax actually charged.
 */
// prettier-ignore
const EU_STANDARD_RATES: Record<string, number> = {
  AT: 2000, BE: 2100, BG: 2000, CY: 1900, CZ: 2100, DE: 1900, DK: 2500, EE: 2400, ES: 2100,
  FI: 2550, FR: 2000, GR: 2400, HR: 2500, HU: 2700, IE: 2300, IT: 2200, LT: 2100, LU: 1700,
  LV: 2100, MT: 1800, NL: 2100, PL: 2300, PT: 2300, RO: 2100, SE: 2500, SI: 2200, SK: 2300,
};

export interface VatAssessment {
  /** Whether VAT is added, or why none is: reverse charge, or a buyer outside the EU. */
  treatment: 'charged' | 'reverse-charge' | 'outside-eu';
  taxCents: number;
  /** One line for the checkout page and the receipt, e.g. "VAT 19% (Germany)"; no colon, as it follows one. */
  note: string;
}

/** A country's name for receipts and invoices; the code itself when the list does not know it. */
export function countryName(code: string): string {
  return countryList.find((country) => country.code === code)?.name ?? code;
}

/**
 * VAT on a sale of electronically supplied services from Germany: German VAT at home; reverse charge
 * for a business elsewhere in the EU that gives a VAT ID; the buyer country's rate for an EU buyer
 * without one; none outside the EU.
 */
export function assessVat(netCents: number, country: string, taxId: string): VatAssessment {
  const name = countryName(country);
  const rate = EU_STANDARD_RATES[country];
  if (rate === undefined) {
    return { treatment: 'outside-eu', taxCents: 0, note: `No VAT, customer outside the EU (${name})` };
  }
  if (country !== SELLER_COUNTRY && taxId.trim()) {
    return {
      treatment: 'reverse-charge',
      taxCents: 0,
      note: `Reverse charge, VAT to be accounted for by the recipient (${name}, VAT ID ${taxId.trim()})`,
    };
  }
  return {
    treatment: 'charged',
    taxCents: Math.round((netCents * rate) / 10_000),
    note: `VAT ${rate / 100}% (${name})`,
  };
}

/** The receipt line for the tax a provider actually charged (Stripe), explained by the rules above. */
export function describeChargedVat(taxCents: number, country: string, taxId: string): string {
  const expected = assessVat(0, country, taxId);
  if (taxCents > 0) return `VAT charged at checkout (${countryName(country)})`;
  return expected.treatment === 'charged' ? 'No VAT charged at checkout' : expected.note;
}
