import { usePageTitle } from '@/hooks/use-page-title';

/** Spec §2.3: the license-terms page is empty. */
export function LicenseTerms() {
  usePageTitle('License Terms');
  return <article aria-label="License Terms" />;
}
