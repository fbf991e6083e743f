import type { Country } from '@hullscope/contract';

/** "IMO 9074729", the way the number is printed on hulls and certificates. */
export const imoLabel = (imoNumber: string | null) => (imoNumber === null ? '—' : `IMO ${imoNumber}`);

/** The flag state's name from GET /api/countries/, or its code while the list is not there. */
export function flagLabel(flag: string | null, countries: Country[]): string {
  if (flag === null) return '—';
  return countries.find((country) => country.code === flag)?.name ?? flag;
}

export const grossTonnageLabel = (grossTonnage: number | null) =>
  grossTonnage === null ? '—' : `${grossTonnage.toLocaleString('en')} GT`;
