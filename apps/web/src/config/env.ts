import { z } from 'zod';

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

/** Build-time settings (Vite `VITE_*` variables); every one has a default, so a plain build works. */
const EnvSchema = z.object({
  VITE_PRODUCT_NAME: z.string().trim().min(1).default('Hullscope'),
  VITE_SALES_EMAIL: z.email().default('sales@hullscope.example'),
  VITE_COMPANY_NAME: z.string().trim().min(1).default('Hullscope Maritime Analytics GmbH'),
  VITE_COMPANY_ADDRESS: z.string().trim().min(1).default('Am Sandtorkai 50, 20457 Hamburg, Germany'),
  VITE_CONTACT_EMAIL: z.email().default('contact@hullscope.example'),
  // The imprint of a German GmbH (§ 5 DDG) names who manages it, its register entry and VAT ID.
  VITE_MANAGING_DIRECTOR: z.string().trim().min(1).default('Jana Petersen'),
  VITE_COMMERCIAL_REGISTER: z.string().trim().min(1).default('Amtsgericht Hamburg, HRB 000000'),
  VITE_VAT_ID: z
    .string()
    .trim()
    .toUpperCase()
    .regex(
      /^[A-Z]{2}[0-9A-Z]{2,13}$/,
      'a VAT ID is a country code and 2 to 13 letters or digits, e.g. DE123456789',
    )
    .default('DE000000000'),
  VITE_PRIVACY_EMAIL: z.email().optional(),
  VITE_API_URL: z
    .string()
    .trim()
    .default('')
    .transform((value) => value.replace(/\/+$/, '')),
  VITE_DISABLE_SIGNUP: flag,
});

export interface AppEnv {
  productName: string;
  salesEmail: string;
  companyName: string;
  companyAddress: string;
  contactEmail: string;
  managingDirector: string;
  commercialRegister: string;
  vatId: string;
  privacyEmail: string;
  apiUrl: string;
  signupDisabled: boolean;
}

/** Parses Vite's environment; a bad value fails loudly at start-up instead of showing wrong texts. */
export function parseEnv(source: Record<string, unknown>): AppEnv {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new Error(
      `Invalid web app configuration:\n${parsed.error.issues
        .map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`)
        .join('\n')}`,
    );
  }
  const values = parsed.data;
  return {
    productName: values.VITE_PRODUCT_NAME,
    salesEmail: values.VITE_SALES_EMAIL,
    companyName: values.VITE_COMPANY_NAME,
    companyAddress: values.VITE_COMPANY_ADDRESS,
    contactEmail: values.VITE_CONTACT_EMAIL,
    managingDirector: values.VITE_MANAGING_DIRECTOR,
    commercialRegister: values.VITE_COMMERCIAL_REGISTER,
    vatId: values.VITE_VAT_ID,
    privacyEmail: values.VITE_PRIVACY_EMAIL ?? values.VITE_CONTACT_EMAIL,
    apiUrl: values.VITE_API_URL,
    signupDisabled: values.VITE_DISABLE_SIGNUP,
  };
}

export const env: AppEnv = parseEnv(import.meta.env);
