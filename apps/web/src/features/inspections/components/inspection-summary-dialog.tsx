import type { InspectedImage } from '@hullscope/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FoulingRatingChip } from '@/components/ui/fouling-rating-chip';
import { reasonOf } from '@/lib/api-errors';
import { type PredictionPairChoice, useInspectionSummary } from '../api/get-inspection-summary';
import { CoverageBar, CoverageLegend } from './coverage-bar';
import { DownloadReportButton } from './download-report-button';
import { ZoneSummaryTable } from './zone-summary-table';

interface InspectionSummaryDialogProps {
  open: boolean;
  projectId: number;
  requestRunning: boolean;
  onClose: () => void;
  /** Opens a photo's prediction in the viewer (the dialog closes). */
  onOpenImage: (image: InspectedImage) => void;
}

function excludedText(count: number): string {
  return `${count} photo${count === 1 ? ' is' : 's are'} of poor quality and left out of the ratings (shown, marked "left out").`;
}

function pairValue(pair: { model: number; resolution: number }): string {
  return `${pair.model}:${pair.resolution}`;
}

/**
 * The inspection summary (issue 18 §5): the overall rating, per hull zone its rating, coverage and
 * photos worst first, for one model and resolution (by default the most used pair), and the report.
 */
export function InspectionSummaryDialog({
  open,
  projectId,
  requestRunning,
  onClose,
  onOpenImage,
}: InspectionSummaryDialogProps) {
  const [pair, setPair] = useState<PredictionPairChoice>({});
  const summary = useInspectionSummary(projectId, pair, open);
  const data = summary.data;
  const chosen =
    data?.model && data.resolution ? pairValue({ model: data.model.id, resolution: data.resolution.id }) : '';

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="inspection-summary-title">
      <DialogTitle id="inspection-summary-title">Inspection summary</DialogTitle>
      <DialogContent dividers>
        {summary.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress aria-label="Loading the inspection summary" />
          </Box>
        )}
        {summary.isError && (
          <Alert severity="error">The summary could not be loaded: {reasonOf(summary.error)}</Alert>
        )}
        {data && (
          <Stack spacing={2}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              alignItems={{ sm: 'center' }}
              useFlexGap
              flexWrap="wrap"
            >
              <Box>
                <Typography variant="overline" component="p">
                  Overall rating
                </Typography>
                <FoulingRatingChip rating={data.overall_rating} />
              </Box>
              {data.available.length > 0 && (
                <TextField
                  select
                  size="small"
                  label="Model and resolution"
                  value={chosen}
                  onChange={(event) => {
                    const [model, resolution] = event.target.value.split(':').map(Number);
                    setPair((current) => ({ ...current, model, resolution }));
                  }}
                  sx={{ minWidth: 260 }}
                >
                  {data.available.map((entry) => (
                    <MenuItem key={pairValue(entry)} value={pairValue(entry)}>
                      {entry.model_name}, {entry.resolution_name} ({entry.predictions} predictions)
                    </MenuItem>
                  ))}
                </TextField>
              )}
              {data.model && (
                <Typography variant="body2" color="text.secondary">
                  {data.model.name} {data.model.versions.join(', ')} · {data.all_zones.predicted_count} of{' '}
                  {data.all_zones.image_count} photos analysed
                </Typography>
              )}
              {data.poor_photos_included !== undefined && (
                <FormControlLabel
                  control={
                    <Switch
                      checked={data.poor_photos_included}
                      onChange={(event) =>
                        setPair((current) => ({ ...current, includePoor: event.target.checked }))
                      }
                    />
                  }
                  label="Count poor-quality photos in ratings"
                />
              )}
            </Stack>
            {(data.all_zones.excluded_count ?? 0) > 0 && (
              <Alert severity="info" data-testid="excluded-photos">
                {excludedText(data.all_zones.excluded_count!)}
              </Alert>
            )}
            {data.zones.length === 0 ? (
              <Typography color="text.secondary">
                Upload photos and run a prediction to see the summary.
              </Typography>
            ) : data.model === null ? (
              <Typography color="text.secondary">
                No photo has been analysed yet: schedule a prediction to rate this inspection.
              </Typography>
            ) : (
              <>
                <Stack spacing={1}>
                  <Typography variant="subtitle2" component="h3">
                    All zones
                  </Typography>
                  <CoverageBar coverage={data.all_zones.coverage} height={18} />
                  <CoverageLegend coverage={data.all_zones.coverage} />
                </Stack>
                <ZoneSummaryTable zones={data.zones} onOpenImage={onOpenImage} />
              </>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <DownloadReportButton
          projectId={projectId}
          requestRunning={requestRunning}
          hasPredictions={(data?.available.length ?? 0) > 0}
          pair={pair}
        />
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
