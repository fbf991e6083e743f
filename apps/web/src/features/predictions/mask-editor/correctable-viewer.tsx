import type { PredictionSet } from '@hullscope/contract';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { RoleGate } from '@/components/ui/role-gate';
import { useSignedReason } from '@/hooks/use-revisions';
import { useNotify } from '@/lib/notify';
import { useMaskVersions, useRestoreMaskVersion } from '../api/mask-versions';
import { INITIAL_OPACITY, OverlayViewer } from '../components/overlay-viewer';
import type { EditorClass } from './editor-toolbar';
import { MaskEditorPanel } from './mask-editor-panel';
import { MaskVersionsList } from './mask-versions-list';

interface CorrectableViewerProps {
  projectId: number;
  predictionId: number;
  predictionSet: PredictionSet;
  /** The model's classes by index; null while unknown (the editor is then not offered). */
  classes: readonly EditorClass[] | null;
  /** Opens the editor at once (the review queue's "Correct"). */
  startEditing?: boolean;
  onEditorClosed?: () => void;
}

/**
 * The viewer with the correction loop (issue 39): "Correct mask" for members and above (disabled
 * with the reason while the inspection is signed), the editor in the viewer's place, and the mask
 * versions with restore.
 */
export function CorrectableViewer({
  projectId,
  predictionId,
  predictionSet,
  classes,
  startEditing = false,
  onEditorClosed,
}: CorrectableViewerProps) {
  const [editing, setEditing] = useState(startEditing);
  const signedReason = useSignedReason(projectId);
  const versions = useMaskVersions(projectId, predictionId);
  const restore = useRestoreMaskVersion(projectId, predictionId);
  const notify = useNotify();
  const close = () => {
    setEditing(false);
    onEditorClosed?.();
  };

  if (editing && classes && signedReason === null) {
    return (
      <MaskEditorPanel
        projectId={projectId}
        predictionId={predictionId}
        predictionSet={predictionSet}
        classes={classes}
        initialOpacity={INITIAL_OPACITY}
        onClose={close}
      />
    );
  }
  return (
    <Box>
      {classes && (
        <RoleGate role="member">
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 2 }}>
            <Button
              variant="outlined"
              startIcon={<EditIcon />}
              disabled={signedReason !== null}
              onClick={() => setEditing(true)}
            >
              Correct mask
            </Button>
            {signedReason && (
              <Typography variant="body2" color="text.secondary" data-testid="correct-disabled-reason">
                {signedReason}
              </Typography>
            )}
          </Stack>
        </RoleGate>
      )}
      {predictionSet.reviewed_by && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Reviewed by {predictionSet.reviewed_by}
        </Typography>
      )}
      <OverlayViewer key={predictionId} predictionSet={predictionSet} />
      {versions.data && (
        <MaskVersionsList
          list={versions.data}
          restoring={restore.isPending}
          disabledReason={signedReason}
          onRestore={(version) =>
            restore.mutate(version, {
              onSuccess: (saved) =>
                notify.success(`Version ${version} restored as version ${saved.version}.`),
              onError: (error) => notify.failure('The version was not restored', error),
            })
          }
        />
      )}
    </Box>
  );
}
