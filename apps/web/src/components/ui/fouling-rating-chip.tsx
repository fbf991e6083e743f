import { type FoulingRating, IMO_RATING_COLOURS } from '@hullscope/contract';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';

/** Rating 0 to 4 from green to red (shared with the PDF report). */
export const RATING_COLOURS = IMO_RATING_COLOURS;

export function ratingText(rating: FoulingRating): string {
  return `IMO rating ${rating.value}: ${rating.label.toLowerCase()}`;
}

/** Why a macrofouling share read did not count (issue 45 §3); null when it counted or none was read. */
export function noiseFloorNote(rating: FoulingRating | null): string | null {
  if (!rating?.macrofouling_within_noise || rating.macrofouling_noise_floor_percentage === undefined)
    return null;
  return (
    `${rating.macrofouling_percentage.toFixed(2)} % of the surface read as macrofouling: within this model's ` +
    `noise floor (${rating.macrofouling_noise_floor_percentage} %), so it does not raise the rating.`
  );
}

/**
 * The IMO MEPC.378(80) fouling rating as a chip in its colour; the tooltip tells the macro- and
 * microfouling it comes from. Null (the server cannot rate the prediction) reads "Not rated".
 */
export function FoulingRatingChip({ rating }: { rating: FoulingRating | null }) {
  if (!rating) {
    return (
      <Tooltip title="No hull surface in view, or the model does not declare fouling categories">
        <Chip size="small" variant="outlined" label="IMO rating: not rated" />
      </Tooltip>
    );
  }
  const colours = RATING_COLOURS[rating.value]!;
  const basis = `Macrofouling ${rating.macrofouling_percentage.toFixed(2)} %, microfouling ${rating.microfouling_percentage.toFixed(2)} % of the surface (${rating.scale})`;
  const note = noiseFloorNote(rating);
  return (
    <Tooltip title={note ? `${basis}. ${note}` : basis}>
      <Chip
        size="small"
        label={note ? `${ratingText(rating)} *` : ratingText(rating)}
        data-rating={rating.value}
        sx={{ bgcolor: colours.background, color: colours.text, fontWeight: 600 }}
      />
    </Tooltip>
  );
}
