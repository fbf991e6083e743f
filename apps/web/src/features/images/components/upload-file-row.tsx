import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { MAX_IMAGE_NAME_LENGTH, shortenFileName } from '@hullscope/contract';
import type { FileState } from '../survey/run-survey-upload';

/** A long name is listed with its start and extension, as the server will keep it; the title has it whole. */
const LISTED_NAME_LENGTH = 60;

/** What a file's row says during and after an upload. */
function stateText(state: FileState): string {
  switch (state.kind) {
    case 'waiting':
      return 'waiting';
    case 'sending':
      return `${state.percent} %`;
    case 'stored':
      return 'stored';
    case 'skipped':
      return 'skipped';
    case 'refused':
      return 'refused';
    case 'not-sent':
      return 'not sent';
  }
}

function percentOf(state: FileState | undefined): number {
  if (!state) return 0;
  if (state.kind === 'sending') return state.percent;
  return state.kind === 'stored' ? 100 : 0;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

interface UploadFileRowProps {
  file: File;
  /** Absent before the upload starts. */
  state: FileState | undefined;
  /** Absent while uploading and after: the list is then the upload's record. */
  onRemove: ((file: File) => void) | undefined;
}

/**
 * One file of the dialog's list with its size, state and progress. Memoised: a survey lists hundreds,
 * and a progress event changes the state of only the files of the request in flight.
 */
export const UploadFileRow = memo(function UploadFileRow({ file, state, onRemove }: UploadFileRowProps) {
  return (
    <ListItem
      disableGutters
      secondaryAction={
        onRemove && (
          <IconButton edge="end" aria-label={`Remove ${file.name}`} onClick={() => onRemove(file)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        )
      }
    >
      <Box sx={{ flex: 1, pr: onRemove ? 5 : 0, minWidth: 0 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <Typography variant="body2" noWrap title={file.name}>
            {shortenFileName(file.name, LISTED_NAME_LENGTH)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
            {state ? `${stateText(state)} · ` : ''}
            {formatBytes(file.size)}
          </Typography>
        </Box>
        {Array.from(file.name).length > MAX_IMAGE_NAME_LENGTH && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            Its name is longer than {MAX_IMAGE_NAME_LENGTH} characters: it is kept with its start and
            extension, shortened in the middle.
          </Typography>
        )}
        <LinearProgress
          variant="determinate"
          value={percentOf(state)}
          color={state?.kind === 'refused' || state?.kind === 'not-sent' ? 'error' : 'primary'}
          aria-label={`Upload progress of ${file.name}`}
          sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
        />
      </Box>
    </ListItem>
  );
});
