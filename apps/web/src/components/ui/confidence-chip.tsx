import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';

export const LOW_CONFIDENCE_TEXT = 'Low confidence: poor visibility or an unfamiliar surface';

/** 0.873 → "87 %". */
export function confidencePercent(confidence: number): string {
  return `${Math.round(confidence * 100)} %`;
}

/**
 * How sure the model was of a prediction (issue 19 §2): a warning chip when the server judged the
 * confidence low (murky water, blur, darkness or a surface unlike what the model learnt, so the
 * result should be checked by eye), otherwise the confidence as a quiet line. Nothing for a
 * prediction without one (made before confidences were recorded, or from a server that gives none).
 */
export function ConfidenceChip({
  confidence,
  lowConfidence,
}: {
  confidence: number | null | undefined;
  lowConfidence: boolean | null | undefined;
}) {
  if (confidence === null || confidence === undefined) return null;
  if (lowConfidence) {
    return (
      <Box sx={{ mb: 1 }}>
        <Tooltip
          title={`Model confidence ${confidencePercent(confidence)}, below what this server asks of a photo of its quality: check the result against the photo`}
        >
          <Chip size="small" color="warning" icon={<WarningAmberIcon />} label={LOW_CONFIDENCE_TEXT} />
        </Tooltip>
      </Box>
    );
  }
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
      Model confidence {confidencePercent(confidence)}
    </Typography>
  );
}
