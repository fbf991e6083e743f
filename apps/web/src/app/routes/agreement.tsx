import { PageTitle } from '@/components/ui/page-title';
import { OrganisationAgreementPanel } from '@/features/review/components/agreement-panel';

/** How far each model agrees with the organisation's reviewers over all its projects (issue 39 §7). */
export function AgreementRoute() {
  return (
    <>
      <PageTitle>Model agreement</PageTitle>
      <OrganisationAgreementPanel />
    </>
  );
}
