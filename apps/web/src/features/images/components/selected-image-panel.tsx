import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNotify } from '@/lib/notify';
import { useDeleteImage } from '../api/delete-image';
import { useDownloadImage } from '../api/download-image';
import { useImage } from '../api/get-image';
import { useUpdateImage } from '../api/update-image';
import { HullZoneSelect } from '@/components/form/hull-zone-select';
import { QualityChip } from '@/components/ui/quality-chip';
import { RoleGate } from '@/components/ui/role-gate';
import { useRoleAllows } from '@/hooks/use-role';

interface SelectedImagePanelProps {
  projectId: number;
  imageId: number;
  requestRunning: boolean;
  predictionSelected: boolean;
  onDeleted: () => void;
}

/**
 * Delete Image, the name, the original size and the single-image download (spec §2.3), the
 * image's hull zone, which can be changed here (issue 18 §3), and its photo quality with the
 * reasons (issue 46).
 */
export function SelectedImagePanel({
  projectId,
  imageId,
  requestRunning,
  predictionSelected,
  onDeleted,
}: SelectedImagePanelProps) {
  const image = useImage(projectId, imageId);
  const deletion = useDeleteImage();
  const download = useDownloadImage();
  const zoneUpdate = useUpdateImage();
  // A viewer sees the zone but may not change it.
  const mayEdit = useRoleAllows('member');
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);

  const confirmDeletion = () =>
    deletion.mutate(
      { projectId, imageId },
      {
        onSuccess: () => {
          setConfirming(false);
          notify.success('Deleted image successfully');
          onDeleted();
        },
        onError: (error) => notify.failure('Image deletion failed', error),
      },
    );

  return (
    <Paper variant="outlined" component="section" aria-label="Selected image" sx={{ p: 2, mt: 2 }}>
      <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between">
        <Box sx={{ minWidth: 0 }}>
          {image.isPending ? (
            <Skeleton width={160} />
          ) : (
            <>
              <Typography sx={{ fontWeight: 600 }} noWrap title={image.data?.image_name}>
                {image.data?.image_name ?? 'Image'}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="image-size">
                {image.data ? `${image.data.width}x${image.data.height}` : '–'}
              </Typography>
              {image.data?.quality && (
                <Box sx={{ mt: 0.5 }} data-testid="image-quality">
                  <QualityChip quality={image.data.quality} showReasons />
                </Box>
              )}
            </>
          )}
        </Box>
        <RoleGate role="member">
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteIcon />}
            disabled={requestRunning}
            onClick={() => setConfirming(true)}
            sx={{ flexShrink: 0 }}
          >
            Delete Image
          </Button>
        </RoleGate>
      </Stack>
      {image.data && (
        <HullZoneSelect
          size="small"
          value={image.data.hull_zone ?? null}
          disabled={zoneUpdate.isPending || !mayEdit}
          onChange={(hullZone) =>
            zoneUpdate.mutate(
              { projectId, imageId, hull_zone: hullZone },
              {
                onSuccess: () => notify.success('Hull zone updated'),
                onError: (error) => notify.failure('Hull zone update failed', error),
              },
            )
          }
          sx={{ mt: 2 }}
        />
      )}
      <Button
        fullWidth
        variant="contained"
        startIcon={<DownloadIcon />}
        sx={{ mt: 2 }}
        disabled={!predictionSelected}
        loading={download.isPending}
        onClick={() =>
          download.mutate(
            { projectId, imageId },
            {
              onSuccess: () => notify.success('Images successfully downloaded'),
              onError: (error) => notify.failure('Downloading the images failed', error),
            },
          )
        }
      >
        Download Single Image Data
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Delete image '${image.data?.image_name ?? ''}'?`}
        text="This action is permanent!"
        busy={deletion.isPending}
        onConfirm={confirmDeletion}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
