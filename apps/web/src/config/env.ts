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
    privacyEmail: values.VITE_PRIVACY_EMAIL ?? values.VITE_CONTACT_EMAIL,
    apiUrl: values.VITE_API_URL,
    signupDisabled: values.VITE_DISABLE_SIGNUP,
  };
}

export const env: AppEnv = parseEnv(import.meta.env);
