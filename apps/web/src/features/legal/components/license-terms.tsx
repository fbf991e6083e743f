/** Spec §2.3: the license-terms page is empty. */
export function LicenseTerms() {
  return <article aria-label="License Terms" />;
}
