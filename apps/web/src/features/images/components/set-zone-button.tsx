import { type HullZone, hullZoneLabels } from '@hullscope/contract';
import PlaceIcon from '@mui/icons-material/Place';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { HullZoneSelect, UNASSIGNED_LABEL } from '@/components/form/hull-zone-select';
import { useNotify } from '@/lib/notify';
import { useUpdateImagesZone } from '../api/update-images-zone';

interface SetZoneButtonProps {
  projectId: number;
  imageIds: number[];
}

/** Sets (or clears) the hull zone of every checked image in one call: all of them change, or none. */
export function SetZoneButton({ projectId, imageIds }: SetZoneButtonProps) {
  const [open, setOpen] = useState(false);
  const [zone, setZone] = useState<HullZone | null>(null);
  const titleId = useId();
  const update = useUpdateImagesZone();
  const notify = useNotify();
  const count = imageIds.length;
  const noun = count === 1 ? 'image' : 'images';

  const apply = () =>
    update.mutate(
      { projectId, imageIds, hullZone: zone },
      {
        onSuccess: ({ updated }) => {
          setOpen(false);
          const label = zone === null ? UNASSIGNED_LABEL : hullZoneLabels[zone];
          notify.success(`${updated} ${updated === 1 ? 'image' : 'images'} now in ${label}`);
        },
        onError: (error) => notify.failure('Setting the hull zone failed', error),
      },
    );

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<PlaceIcon />}
        disabled={count === 0}
        onClick={() => setOpen(true)}
      >
        Set hull zone
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>
          Set the hull zone of {count} {noun}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Choose {UNASSIGNED_LABEL} to clear the zone. The zone summary and report follow at once.
          </DialogContentText>
          <HullZoneSelect value={zone} onChange={setZone} fullWidth />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" loading={update.isPending} onClick={apply}>
            Set zone
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
