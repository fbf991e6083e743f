import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import MovieOutlinedIcon from '@mui/icons-material/MovieOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { VideoJob } from '../hooks/use-video-frames';
import type { ExtractedFrame, ExtractionProgress } from '../video/extract-frames';
import { formatTimestamp } from '../video/frame-names';

/** Shortest and longest interval between frames offered, in seconds. */
const MIN_INTERVAL = 0.2;
const MAX_INTERVAL = 60;

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "14 frames read: 8 kept, 3 skipped as blurry, 3 skipped as nearly the same as the frame kept before." */
export function extractionSummary(progress: ExtractionProgress): string {
  const parts = [`${progress.kept} kept`];
  if (progress.blurry > 0) parts.push(`${progress.blurry} skipped as blurry`);
  if (progress.repeated > 0) {
    parts.push(`${progress.repeated} skipped as nearly the same as the frame kept before`);
  }
  return `${plural(progress.done, 'frame')} read: ${parts.join(', ')}.`;
}

function timeLeft(seconds: number | null): string {
  if (seconds === null) return '';
  if (seconds < 60) return ` · about ${Math.max(1, seconds)} s left`;
  return ` · about ${Math.round(seconds / 60)} min left`;
}

/** A frame's picture, from its JPEG, released when the tile goes. */
function FramePicture({ frame }: { frame: ExtractedFrame }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(frame.jpeg);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [frame.jpeg]);
  return (
    <Box
      component="img"
      src={url ?? undefined}
      alt=""
      sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block', borderRadius: 0.5 }}
    />
  );
}

interface VideoFramesCardProps {
  job: VideoJob;
  disabled: boolean;
  onInterval: (seconds: number) => void;
  onCancel: () => void;
  onRemove: () => void;
  onToggle: (frameName: string) => void;
}

/** One video: the interval, progress while reading, why frames were skipped, and the kept frames to untick. */
export function VideoFramesCard({
  job,
  disabled,
  onInterval,
  onCancel,
  onRemove,
  onToggle,
}: VideoFramesCardProps) {
  const [interval, setIntervalText] = useState(String(job.intervalSeconds));
  const parsed = Number(interval);
  const intervalValid = Number.isFinite(parsed) && parsed >= MIN_INTERVAL && parsed <= MAX_INTERVAL;
  const extracting = job.status === 'extracting';
  const progress = job.progress;
  const ticked = job.frames.length - job.unticked.size;

  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, mt: 1.5 }}
      role="region"
      aria-label={`Frames of ${job.file.name}`}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <MovieOutlinedIcon color="action" />
        <Typography variant="subtitle2" noWrap title={job.file.name} sx={{ flex: 1, minWidth: 0 }}>
          {job.file.name}
        </Typography>
        <IconButton
          aria-label={`Remove ${job.file.name}`}
          onClick={onRemove}
          disabled={disabled}
          size="small"
        >
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mt: 1.5 }}>
        <TextField
          label="Seconds between frames"
          size="small"
          type="number"
          value={interval}
          onChange={(event) => setIntervalText(event.target.value)}
          error={!intervalValid}
          helperText={intervalValid ? ' ' : `From ${MIN_INTERVAL} to ${MAX_INTERVAL}`}
          slotProps={{ htmlInput: { min: MIN_INTERVAL, max: MAX_INTERVAL, step: 0.5 } }}
          disabled={disabled || extracting}
          sx={{ width: 190 }}
        />
        {extracting ? (
          <Button onClick={onCancel}>Stop reading</Button>
        ) : (
          <Button
            variant="outlined"
            onClick={() => onInterval(parsed)}
            disabled={disabled || !intervalValid}
            sx={{ mt: 0.25 }}
          >
            Read frames again
          </Button>
        )}
      </Box>
      {extracting && (
        <Box>
          <Typography variant="body2" color="text.secondary">
            {progress
              ? `Reading frames: ${progress.done} / ${progress.expected}${timeLeft(progress.secondsLeft)}`
              : 'Opening the video…'}
          </Typography>
          <LinearProgress
            variant={progress && progress.expected > 0 ? 'determinate' : 'indeterminate'}
            value={progress && progress.expected > 0 ? (progress.done / progress.expected) * 100 : 0}
            aria-label={`Frames read from ${job.file.name}`}
            sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
          />
        </Box>
      )}
      {job.status === 'failed' && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {job.error}
        </Alert>
      )}
      {!extracting && progress && job.status !== 'failed' && (
        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="frame-summary">
          {job.status === 'cancelled' ? 'Stopped. ' : ''}
          {extractionSummary(progress)} {plural(ticked, 'frame')} will be uploaded.
        </Typography>
      )}
      {job.frames.length > 0 && (
        <Box
          role="list"
          aria-label={`Kept frames of ${job.file.name}`}
          sx={{ display: 'flex', gap: 1, overflowX: 'auto', mt: 1, pb: 0.5 }}
        >
          {job.frames.map((frame) => {
            const included = !job.unticked.has(frame.name);
            return (
              <Box
                role="listitem"
                key={frame.name}
                sx={{ width: 128, flexShrink: 0, opacity: included ? 1 : 0.45, position: 'relative' }}
              >
                <FramePicture frame={frame} />
                <Box sx={{ display: 'flex', alignItems: 'center' }}>
                  <Checkbox
                    size="small"
                    checked={included}
                    disabled={disabled}
                    onChange={() => onToggle(frame.name)}
                    slotProps={{ input: { 'aria-label': `Upload ${frame.name}` } }}
                    sx={{ p: 0.25 }}
                  />
                  <Typography variant="caption">{formatTimestamp(frame.seconds)}</Typography>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}
