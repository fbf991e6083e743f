import { createRequire } from 'node:module';
import type { Country } from '@hullscope/contract';
import countries from 'i18n-iso-countries';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));

/** ISO 3166-1 alpha-2 codes with English names, sorted by name; built once. */
export const countryList: Country[] = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const countryCodes = new Set(countryList.map((country) => country.code));

export function isCountryCode(code: string): boolean {
  return countryCodes.has(code);
}

const namesByCode = new Map(countryList.map((country) => [country.code, country.name]));

/** The English name of an ISO 3166-1 alpha-2 code, or undefined for a code not in the list. */
export function countryName(code: string): string | undefined {
  return namesByCode.get(code);
}
