import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from 'react-router';
import { NotFound } from '@/components/ui/not-found';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { useCleaningComparison } from '@/features/cleanings/api/cleanings';
import { CleaningComparisonView } from '@/features/cleanings/components/cleaning-comparison-view';

const idOf = (param: string | undefined) =>
  param !== undefined && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;

/** A cleaning's before/after comparison, under its vessel. */
export function CleaningComparisonRoute() {
  const params = useParams();
  const vesselId = idOf(params.vesselId);
  const cleaningId = idOf(params.cleaningId);
  if (vesselId === null || cleaningId === null) return <NotFound />;
  return <ComparisonPage vesselId={vesselId} cleaningId={cleaningId} />;
}

function ComparisonPage({ vesselId, cleaningId }: { vesselId: number; cleaningId: number }) {
  const comparison = useCleaningComparison(vesselId, cleaningId);
  if (comparison.isError) return <NotFound />;
  return (
    <Box>
      <Button
        component={RouterLink}
        to={paths.app.vessel(vesselId)}
        startIcon={<ArrowBackIcon />}
        sx={{ mb: 1 }}
      >
        Vessel
      </Button>
      <PageTitle>Before and after cleaning</PageTitle>
      {comparison.isSuccess && <CleaningComparisonView comparison={comparison.data} vesselId={vesselId} />}
    </Box>
  );
}
