import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useParams } from 'react-router';
import { FoulingRatingChip } from '@/components/ui/fouling-rating-chip';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { ZoneSummaryTable } from '@/features/inspections/components/zone-summary-table';
import { OverlayViewer } from '@/features/predictions/components/overlay-viewer';
import {
  useDownloadSharedReport,
  useSharedInspection,
  useSharedPredictionSet,
} from '@/features/sharing/api/shared-inspection';
import { SharedBanner } from '@/features/sharing/components/shared-banner';
import { SharedImageList } from '@/features/sharing/components/shared-image-list';
import { usePageTitle } from '@/hooks/use-page-title';
import { reasonOf } from '@/lib/api-errors';
import { useNotify } from '@/lib/notify';

/**
 * A share link's page (/shared/<token>): one inspection, read-only, for a visitor without an account.
 * It has no menu or link into the app: every request carries the token, which opens nothing else.
 */
export function SharedRoute() {
  const token = useParams().token ?? '';
  const shared = useSharedInspection(token);
  const [predictionId, setPredictionId] = useState<number | null>(null);
  const predictionSet = useSharedPredictionSet(token, predictionId);
  const download = useDownloadSharedReport();
  const notify = useNotify();
  usePageTitle(
    shared.data ? `${shared.data.project.name}, shared by ${shared.data.organisation}` : 'Shared inspection',
  );

  const downloadAs = (format: 'pdf' | 'json') =>
    download.mutate(
      { token, format },
      { onError: (error) => notify.failure('Downloading the report failed', error) },
    );

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      {shared.isPending ? (
        <LoadingScreen />
      ) : shared.isError ? (
        <Alert severity="error">This share link does not work: {reasonOf(shared.error)}</Alert>
      ) : (
        <Stack spacing={2}>
          <SharedBanner shared={shared.data} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
            <Box sx={{ flex: 1 }}>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
                {shared.data.project.name}
              </Typography>
              <Typography color="text.secondary">{shared.data.project.location}</Typography>
            </Box>
            <FoulingRatingChip rating={shared.data.summary.overall_rating} />
            <Button
              variant="contained"
              startIcon={<DownloadIcon />}
              disabled={download.isPending}
              onClick={() => downloadAs('pdf')}
            >
              PDF report
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={download.isPending}
              onClick={() => downloadAs('json')}
            >
              JSON report
            </Button>
          </Stack>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Per hull zone
            </Typography>
            <ZoneSummaryTable
              zones={shared.data.summary.zones}
              onOpenImage={(image) => setPredictionId(image.prediction_id)}
            />
          </Paper>
          <Paper variant="outlined" component="section" aria-label="Photos" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Photos
            </Typography>
            <SharedImageList
              images={shared.data.images}
              selectedPredictionId={predictionId}
              onOpen={setPredictionId}
            />
            <Box sx={{ mt: 2 }}>
              {predictionSet.data ? (
                <OverlayViewer predictionSet={predictionSet.data} />
              ) : predictionId !== null && predictionSet.isError ? (
                <Alert severity="error">{reasonOf(predictionSet.error)}</Alert>
              ) : (
                <Typography color="text.secondary">
                  {predictionId === null ? 'Choose a photo to see its prediction.' : 'Loading…'}
                </Typography>
              )}
            </Box>
          </Paper>
        </Stack>
      )}
    </Container>
  );
}
