import type { Vessel } from '@hullscope/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNotify } from '@/lib/notify';
import { useDeleteVessel } from '../api/delete-vessel';

interface DeleteVesselButtonProps {
  vessel: Vessel;
  onDeleted?: () => void;
  /** An icon in a table row, or a labelled button on the vessel's page. */
  compact?: boolean;
}

/** Deleting needs the spec's confirmation ('This action is permanent!', §5). */
export function DeleteVesselButton({ vessel, onDeleted, compact = false }: DeleteVesselButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteVessel();
  const notify = useNotify();

  const confirmDeletion = () =>
    deletion.mutate(vessel.id, {
      onSuccess: () => {
        setConfirming(false);
        notify.success('Vessel successfully deleted');
        onDeleted?.();
      },
      onError: (error) => notify.failure('Vessel deletion failed', error),
    });

  return (
    <>
      {compact ? (
        <Tooltip title="Delete">
          <IconButton aria-label={`Delete vessel '${vessel.name}'`} onClick={() => setConfirming(true)}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
          Delete Vessel
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Delete vessel '${vessel.name}'?`}
        text="This action is permanent!"
        busy={deletion.isPending}
        onConfirm={confirmDeletion}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
