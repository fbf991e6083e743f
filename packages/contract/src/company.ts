import { z } from 'zod';
import { id, optionalText, requiredText } from './common.js';

export const Company = z
  .object({
    id,
    owner: id,
    name: z.string(),
    address: z.string(),
    address_2: z.string(),
    city: z.string(),
    zip: z.string(),
    state: z.string(),
    country: z.string().describe('ISO 3166-1 alpha-2 code; empty until the user sets it'),
    tax_id: z.string(),
  })
  .meta({ id: 'Company' });
export type Company = z.infer<typeof Company>;

/** All fields optional except `country`, which must be a code of GET /api/countries/. */
export const CompanyUpdateRequest = z
  .object({
    name: optionalText().optional(),
    address: optionalText().optional(),
    address_2: optionalText().optional(),
    city: optionalText().optional(),
    zip: optionalText(32).optional(),
    state: optionalText().optional(),
    tax_id: optionalText(64).optional(),
    country: requiredText().toUpperCase(),
  })
  .meta({ id: 'CompanyUpdateRequest' });
export type CompanyUpdateRequest = z.infer<typeof CompanyUpdateRequest>;

export const Country = z.object({ code: z.string(), name: z.string() }).meta({ id: 'Country' });
export type Country = z.infer<typeof Country>;
export const CountryList = z.array(Country);
