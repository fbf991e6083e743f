import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** The maintained list of free and consumer e-mail providers (package email-providers). */
const freeMailDomains = new Set<string>(require('email-providers/all.json') as string[]);

export const COMPANY_EMAIL_REQUIRED =
  'Please register with your company e-mail address. Addresses at free e-mail providers are not accepted.';

/** True for addresses at free-mail providers, subdomains included (e.g. mail.yahoo.com). */
export function isFreeMailAddress(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const labels = domain.split('.');
  return labels.some((_, index) => freeMailDomains.has(labels.slice(index).join('.')));
}
