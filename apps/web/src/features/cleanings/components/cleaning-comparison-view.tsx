import { type CleaningComparison, type ComparisonSide, cleaningOutcomeLabels } from '@hullscope/contract';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/lib/notify';
import { useDownloadComparison } from '../api/cleanings';

const ratingText = (rating: ComparisonSide['rating']) =>
  rating ? `IMO rating ${rating.value}: ${rating.label}` : 'Not rated';

function statusText(side: ComparisonSide): string {
  if (side.status === 'not_inspected')
    return `Not inspected: ${side.not_inspected_reason ?? 'no reason given'}`;
  return side.status === 'inspected' ? 'Inspected' : 'Not recorded';
}

/** One side of a zone: its worst photo's thumbnail, rating and coverage per class. */
function SideCell({ side, label }: { side: ComparisonSide; label: string }) {
  return (
    <TableCell sx={{ verticalAlign: 'top', width: '40%' }}>
      {side.photo?.thumbnail && (
        <Box
          component="img"
          src={side.photo.thumbnail}
          alt={`${label}: ${side.photo.image_name}`}
          sx={{ display: 'block', maxWidth: '100%', maxHeight: 160, mb: 0.5, borderRadius: 1 }}
        />
      )}
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {ratingText(side.rating)}
        {side.rating_source === 'inspector' ? ' (entered by the inspector)' : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {statusText(side)} · {side.photo_count} photo(s)
      </Typography>
      {side.coverage.map((entry) => (
        <Typography key={entry.label} variant="caption" component="div">
          {entry.label}: {entry.percentage.toFixed(1)} %
        </Typography>
      ))}
    </TableCell>
  );
}

/** The before/after comparison of a cleaning (issue 40 §6): the cleaning's facts, then each zone side by side. */
export function CleaningComparisonView({
  comparison,
  vesselId,
}: {
  comparison: CleaningComparison;
  vesselId: number;
}) {
  const { cleaning } = comparison;
  const download = useDownloadComparison();
  const notify = useNotify();
  const save = () =>
    download.mutate(
      { vesselId, cleaningId: cleaning.id },
      {
        onSuccess: () => notify.success('Comparison report downloaded'),
        onError: (error) => notify.failure('Downloading the comparison report failed', error),
      },
    );
  return (
    <Stack spacing={2}>
      <SectionCard title={`Cleaning of ${cleaning.date}`}>
        <Typography>
          {cleaning.company} · {cleaning.method} · capture {cleaning.capture ? 'yes' : 'no'}
          {cleaning.certificate_reference ? ` · certificate ${cleaning.certificate_reference}` : ''}
        </Typography>
        <Typography color="text.secondary">
          Before: {cleaning.before.project_name} ({cleaning.before.date ?? 'undated'}) · After:{' '}
          {cleaning.after.project_name} ({cleaning.after.date ?? 'undated'})
        </Typography>
        <Typography sx={{ mt: 1 }}>
          Overall: {ratingText(comparison.overall.before)} → {ratingText(comparison.overall.after)}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfIcon />}
          loading={download.isPending}
          onClick={save}
          sx={{ mt: 1.5 }}
        >
          Download Comparison Report
        </Button>
      </SectionCard>
      <SectionCard title="Zones before and after">
        {comparison.zones.length === 0 ? (
          <Typography color="text.secondary">Neither inspection recorded any area.</Typography>
        ) : (
          <Table size="small" aria-label="Zones before and after the cleaning">
            <TableHead>
              <TableRow>
                <TableCell>Zone</TableCell>
                <TableCell>Before</TableCell>
                <TableCell>After</TableCell>
                <TableCell>Outcome</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {comparison.zones.map((zone) => (
                <TableRow key={zone.hull_zone}>
                  <TableCell sx={{ verticalAlign: 'top' }}>{zone.zone_label}</TableCell>
                  <SideCell side={zone.before} label="Before" />
                  <SideCell side={zone.after} label="After" />
                  <TableCell sx={{ verticalAlign: 'top' }}>{cleaningOutcomeLabels[zone.outcome]}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {comparison.notes.map((note) => (
          <Typography key={note} variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
            {note}
          </Typography>
        ))}
      </SectionCard>
    </Stack>
  );
}
