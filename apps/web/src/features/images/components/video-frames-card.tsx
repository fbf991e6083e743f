import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import MovieOutlinedIcon from '@mui/icons-material/MovieOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { qualityGradeLabels } from '@hullscope/contract';
import { useEffect, useState } from 'react';
import { isFrameTicked, type ReadSettings, type VideoJob } from '../hooks/use-video-frames';
import type { ExtractedFrame, ExtractionProgress } from '../video/extract-frames';
import { formatTimestamp } from '../video/frame-names';
import { SHARPNESS_LEVELS } from '../video/frame-selection';

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
  if (progress.poor > 0) parts.push(`${progress.poor} skipped as of poor quality`);
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

/** Why a frame was skipped, in a word or two under its picture; null for a kept frame. */
export function skipReasonText(frame: ExtractedFrame): string | null {
  if (frame.skipped === 'blurry') return `Blurry (sharpness ${Math.round(frame.sharpness)})`;
  if (frame.skipped === 'poor') return `Poor quality: ${frame.quality?.reasons.join('; ') ?? 'not measured'}`;
  if (frame.skipped === 'duplicate') return 'Same as the frame before';
  return null;
}

/** A kept frame's photo quality grade, as its upload will be graded: "Fair: Low contrast …". */
export function qualityText(frame: ExtractedFrame): string | null {
  if (frame.skipped !== null || !frame.quality) return null;
  const { grade, reasons } = frame.quality;
  return reasons.length > 0 ? `${qualityGradeLabels[grade]}: ${reasons[0]}` : qualityGradeLabels[grade];
}

/** A frame's picture, from its JPEG, released when the tile goes; skipped frames in grey. */
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
      sx={{
        width: '100%',
        aspectRatio: '16 / 9',
        objectFit: 'cover',
        display: 'block',
        borderRadius: 0.5,
        filter: frame.skipped ? 'grayscale(1)' : undefined,
      }}
    />
  );
}

interface VideoFramesCardProps {
  job: VideoJob;
  disabled: boolean;
  onReadAgain: (settings: ReadSettings) => void;
  onCancel: () => void;
  onRemove: () => void;
  onToggle: (frameName: string) => void;
}

/**
 * One video: the interval and sharpness setting, progress while reading, and every frame read: the
 * kept ones ticked, the skipped ones greyed with their reason, any of them to tick or untick.
 */
export function VideoFramesCard({
  job,
  disabled,
  onReadAgain,
  onCancel,
  onRemove,
  onToggle,
}: VideoFramesCardProps) {
  const [interval, setIntervalText] = useState(String(job.intervalSeconds));
  const [minSharpness, setMinSharpness] = useState(job.minSharpness);
  const [skipPoorQuality, setSkipPoorQuality] = useState(job.skipPoorQuality);
  const parsed = Number(interval);
  const intervalValid = Number.isFinite(parsed) && parsed >= MIN_INTERVAL && parsed <= MAX_INTERVAL;
  const extracting = job.status === 'extracting';
  const progress = job.progress;
  const ticked = job.frames.filter((frame) => isFrameTicked(job, frame)).length;

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
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
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
        <TextField
          select
          label="Skip blurry frames"
          size="small"
          value={String(minSharpness)}
          onChange={(event) => setMinSharpness(Number(event.target.value))}
          helperText="Lower keeps more low-contrast frames"
          disabled={disabled || extracting}
          sx={{ width: 210 }}
        >
          {SHARPNESS_LEVELS.map((level) => (
            <MenuItem key={level.minSharpness} value={String(level.minSharpness)}>
              {level.label}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={skipPoorQuality}
              onChange={(event) => setSkipPoorQuality(event.target.checked)}
            />
          }
          label="Skip poor-quality frames"
          title="Murky, dark, washed-out or blocky frames, graded as uploaded photos are"
          disabled={disabled || extracting}
          sx={{ mt: 0.25 }}
        />
        {extracting ? (
          <Button onClick={onCancel}>Stop reading</Button>
        ) : (
          <Button
            variant="outlined"
            onClick={() => onReadAgain({ intervalSeconds: parsed, minSharpness, skipPoorQuality })}
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
          aria-label={`Frames of ${job.file.name}`}
          sx={{ display: 'flex', gap: 1, overflowX: 'auto', mt: 1, pb: 0.5 }}
        >
          {job.frames.map((frame) => {
            const included = isFrameTicked(job, frame);
            const reason = skipReasonText(frame) ?? qualityText(frame);
            return (
              <Box
                role="listitem"
                key={frame.name}
                data-skipped={frame.skipped ?? undefined}
                data-quality={frame.quality?.grade}
                sx={{ width: 128, flexShrink: 0, opacity: included ? 1 : 0.55, position: 'relative' }}
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
                {reason && (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ display: 'block', lineHeight: 1.2 }}
                  >
                    {reason}
                  </Typography>
                )}
              </Box>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}
