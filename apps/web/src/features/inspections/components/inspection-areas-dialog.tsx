import type { HullZone, InspectedImage } from '@hullscope/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { PlanAreaState } from '@/components/ui/hull-plan-drawing';
import { reasonOf } from '@/lib/api-errors';
import { useNotify } from '@/lib/notify';
import { useFuelPenalty } from '../api/get-fuel-penalty';
import { useInspectionAreas, useUpdateInspectionAreas } from '../api/get-inspection-areas';
import { useInspectionSummary } from '../api/get-inspection-summary';
import { AreaRow } from './area-row';
import { DecisionRulesDialog } from './decision-rules-dialog';
import { FuelPenaltyCard } from './fuel-penalty-card';
import { PlanPhotos } from './plan-photos';

interface InspectionAreasDialogProps {
  open: boolean;
  projectId: number;
  onClose: () => void;
  /** Opens a pinned photo's prediction in the viewer (the dialog closes). */
  onOpenImage: (image: InspectedImage) => void;
}

/**
 * The zone and niche checklist of an inspection (issue 40 §3) on its vessel's plan, the actions its
 * rules give with the rule that fired (§4), the next inspection, and the fuel penalty estimate (§5).
 */
export function InspectionAreasDialog({ open, projectId, onClose, onOpenImage }: InspectionAreasDialogProps) {
  const checklist = useInspectionAreas(projectId, open);
  const summary = useInspectionSummary(projectId, {}, open);
  const inspected = new Map(
    (summary.data?.zones ?? []).flatMap((zone) =>
      zone.images.map((image) => [image.image_id, image] as const),
    ),
  );
  const fuel = useFuelPenalty(projectId, open);
  const update = useUpdateInspectionAreas(projectId);
  const notify = useNotify();
  const [editingRules, setEditingRules] = useState(false);
  const data = checklist.data;
  const states: Partial<Record<HullZone, PlanAreaState>> = Object.fromEntries(
    (data?.areas ?? []).map((area) => [area.hull_zone, { status: area.status, rating: area.rating }]),
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xl" aria-labelledby="inspection-areas-title">
      <DialogTitle id="inspection-areas-title">Areas and actions</DialogTitle>
      <DialogContent dividers>
        {checklist.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress aria-label="Loading the areas" />
          </Box>
        )}
        {checklist.isError && (
          <Alert severity="error">The areas could not be loaded: {reasonOf(checklist.error)}</Alert>
        )}
        {data && (
          <Stack spacing={3}>
            {data.undecided.length > 0 && (
              <Alert severity="info">
                {data.undecided.length} area{data.undecided.length === 1 ? ' is' : 's are'} neither inspected
                nor marked not inspected.
              </Alert>
            )}
            <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3} alignItems="flex-start">
              {data.vessel !== null && (
                <Box sx={{ flex: '0 1 720px', minWidth: 0, width: '100%' }}>
                  <PlanPhotos
                    projectId={projectId}
                    enabled={open}
                    areas={states}
                    inspected={inspected}
                    onOpenImage={onOpenImage}
                  />
                </Box>
              )}
              <Stack spacing={2} sx={{ flex: 1 }}>
                <Box component="section" aria-labelledby="actions-title">
                  <Typography id="actions-title" variant="subtitle1" component="h3">
                    Actions
                  </Typography>
                  {data.actions.length === 0 && <Typography>No rule fired: no action is needed.</Typography>}
                  <Box component="ol" sx={{ pl: 3, my: 0.5 }}>
                    {data.actions.map((action) => (
                      <Typography component="li" key={action.rule}>
                        <strong>{action.urgency_label}:</strong> {action.action} — {action.areas.join(', ')}.{' '}
                        <Typography component="span" variant="body2" color="text.secondary">
                          Rule: {action.rule}
                          {action.basis ? ` (${action.basis})` : ''}
                        </Typography>
                      </Typography>
                    ))}
                  </Box>
                  <Typography>
                    <strong>Next inspection due:</strong> {data.next_inspection.due_date ?? 'not set'} —{' '}
                    {data.next_inspection.basis}
                  </Typography>
                  {data.next_inspection.contingency && (
                    <Typography>{data.next_inspection.contingency}</Typography>
                  )}
                </Box>
                {fuel.data && <FuelPenaltyCard fuel={fuel.data} />}
              </Stack>
            </Stack>
            <Table size="small" aria-label="Areas">
              <TableHead>
                <TableRow>
                  <TableCell>Area</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Rating</TableCell>
                  <TableCell>Antifouling</TableCell>
                  <TableCell>Notes</TableCell>
                  <TableCell>Action</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.areas.map((area) => (
                  <AreaRow
                    key={area.hull_zone}
                    area={area}
                    onChange={(change) =>
                      update.mutate(
                        { [area.hull_zone]: change },
                        { onError: (error) => notify.failure(`${area.zone_label} was not saved`, error) },
                      )
                    }
                  />
                ))}
              </TableBody>
            </Table>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setEditingRules(true)}>Decision Rules</Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <DecisionRulesDialog open={editingRules} onClose={() => setEditingRules(false)} />
    </Dialog>
  );
}
