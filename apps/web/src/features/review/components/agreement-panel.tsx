import type { Agreement } from '@hullscope/contract';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useOrganisationAgreement, useProjectAgreement } from '../api/agreement';
import { AgreementTable } from './agreement-table';

const TITLE = 'Agreement with your reviewers';

/** The figures of one scope, or why there are none yet. */
function AgreementPanel({ query, scope }: { query: UseQueryResult<Agreement>; scope: string }) {
  const models = query.data?.models ?? [];
  return (
    <Paper variant="outlined" component="section" aria-label={TITLE} sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {TITLE}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="agreement-explanation">
        Each model&apos;s own mask and rating compared with the mask a person accepted or corrected: pixel
        accuracy is the share of pixels with the same class, IoU the overlap per class, rating agreement the
        share of photos with the same fouling rating, and weighted kappa that agreement beyond chance (1 is
        perfect, 0 no better than chance; near misses count less).
      </Typography>
      {query.isPending && <CircularProgress size={24} aria-label="Loading the agreement figures" />}
      {query.isPending && query.failureReason && (
        <Typography variant="body2" role="status">
          {query.failureReason.message}
        </Typography>
      )}
      {query.isError && <Alert severity="error">The agreement figures could not be loaded.</Alert>}
      {query.isSuccess && models.length === 0 && (
        <Typography data-testid="agreement-empty">
          No photo {scope} has been reviewed yet. The figures appear once people accept or correct photos in a
          project&apos;s review queue.
        </Typography>
      )}
      {models.length > 0 && <AgreementTable models={models} caption={`Per model, ${scope}`} />}
    </Paper>
  );
}

export function ProjectAgreementPanel({ projectId }: { projectId: number }) {
  return <AgreementPanel query={useProjectAgreement(projectId)} scope="in this project" />;
}

export function OrganisationAgreementPanel() {
  return <AgreementPanel query={useOrganisationAgreement()} scope="in this organisation" />;
}
