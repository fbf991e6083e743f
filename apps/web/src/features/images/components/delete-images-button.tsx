import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNotify } from '@/lib/notify';
import { useDeleteImages } from '../api/delete-images';

interface DeleteImagesButtonProps {
  projectId: number;
  imageIds: number[];
  disabled: boolean;
  /** With the ids that are gone, so the page can clear them from its selection. */
  onDeleted: (imageIds: number[]) => void;
}

/** Deletes the checked images after the spec's confirmation ('This action is permanent!'). */
export function DeleteImagesButton({ projectId, imageIds, disabled, onDeleted }: DeleteImagesButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteImages();
  const notify = useNotify();
  const count = imageIds.length;
  const noun = count === 1 ? 'image' : 'images';

  const confirm = () =>
    deletion.mutate(
      { projectId, imageIds },
      {
        onSuccess: ({ deleted, failed }) => {
          setConfirming(false);
          if (deleted.length > 0) {
            notify.success(
              deleted.length === 1
                ? 'Deleted image successfully'
                : `Deleted ${deleted.length} images successfully`,
            );
          }
          for (const { error } of failed) notify.failure('Image deletion failed', error);
          onDeleted(deleted);
        },
      },
    );

  return (
    <>
      <Button
        color="error"
        size="small"
        variant="outlined"
        startIcon={<DeleteSweepIcon />}
        disabled={disabled || count === 0}
        onClick={() => setConfirming(true)}
      >
        Delete selected
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${count} ${noun}?`}
        text="This action is permanent!"
        busy={deletion.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
