import { type ImageQuality, type QualityGrade, qualityGradeLabels } from '@hullscope/contract';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';

const gradeColours: Record<QualityGrade, 'success' | 'warning' | 'error'> = {
  good: 'success',
  fair: 'warning',
  poor: 'error',
};

/** "Quality: Poor (Low contrast: …; Blurred …)": what a reader of the chip's title or a screen reader hears. */
export function qualityText(quality: ImageQuality): string {
  const grade = `Quality: ${qualityGradeLabels[quality.grade]}`;
  return quality.reasons.length > 0 ? `${grade} (${quality.reasons.join('; ')})` : grade;
}

/**
 * A photo's quality as measured from its pixels (issue 46): a small chip, green, amber or red, whose
 * tooltip gives the reasons; with `showReasons`, the reasons written out beneath it. Nothing for a
 * photo uploaded before quality was measured.
 */
export function QualityChip({
  quality,
  showReasons = false,
}: {
  quality: ImageQuality | null | undefined;
  showReasons?: boolean;
}) {
  if (!quality) return null;
  const chip = (
    <Chip
      size="small"
      variant={quality.grade === 'good' ? 'outlined' : 'filled'}
      color={gradeColours[quality.grade]}
      label={qualityGradeLabels[quality.grade]}
      aria-label={qualityText(quality)}
      data-quality={quality.grade}
      sx={{ height: 20, fontSize: 12, bgcolor: quality.grade === 'good' ? 'background.paper' : undefined }}
    />
  );
  return (
    <>
      <Tooltip title={qualityText(quality)}>{chip}</Tooltip>
      {showReasons && quality.reasons.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="quality-reasons">
          {quality.reasons.join('; ')}
        </Typography>
      )}
    </>
  );
}
