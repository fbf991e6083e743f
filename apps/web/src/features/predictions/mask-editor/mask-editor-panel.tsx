import type { PredictionSet } from '@hullscope/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { imageSource } from '@/lib/data-url';
import { useNotify } from '@/lib/notify';
import { useEditableMasks, useMaskVersions, useSaveMaskVersion } from '../api/mask-versions';
import type { EditorClass } from './editor-toolbar';
import { MaskEditor } from './mask-editor';

interface MaskEditorPanelProps {
  projectId: number;
  predictionId: number;
  predictionSet: PredictionSet;
  classes: readonly EditorClass[];
  initialOpacity: number;
  onClose: () => void;
}

/**
 * Loads the model's mask and the newest version for the editor, and saves the edit as a new
 * version; the viewer then shows the figures the API recomputed.
 */
export function MaskEditorPanel({
  projectId,
  predictionId,
  predictionSet,
  classes,
  initialOpacity,
  onClose,
}: MaskEditorPanelProps) {
  const notify = useNotify();
  const versions = useMaskVersions(projectId, predictionId);
  const masks = useEditableMasks(projectId, predictionId, versions.data?.current_version);
  const save = useSaveMaskVersion(projectId, predictionId, (saved) => {
    notify.success(`Mask saved as version ${saved.version}; the figures are recomputed.`);
    onClose();
  });

  if (versions.isError || masks.isError) {
    return (
      <Alert severity="error" sx={{ mt: 2 }} onClose={onClose}>
        The mask could not be loaded for editing: {String((versions.error ?? masks.error)?.message)}
      </Alert>
    );
  }
  if (!masks.data) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the mask for editing" />
      </Box>
    );
  }
  return (
    <MaskEditor
      photo={imageSource(predictionSet.ORG.base64_image)}
      photoName={predictionSet.ORG.image_name}
      mask={masks.data.current}
      original={masks.data.original.data}
      classes={classes}
      initialOpacity={initialOpacity}
      saving={save.isPending}
      onCancel={onClose}
      onSave={(png) =>
        save.mutate(png, { onError: (error) => notify.failure('The mask was not saved', error) })
      }
    />
  );
}
