import type { FoulingRating } from '@hullscope/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FoulingRatingChip, RATING_COLOURS, noiseFloorNote } from './fouling-rating-chip';

const LABELS = [
  'No fouling',
  'Microfouling',
  'Light macrofouling',
  'Medium macrofouling',
  'Heavy macrofouling',
] as const;

const rating = (value: 0 | 1 | 2 | 3 | 4): FoulingRating => ({
  scale: 'IMO MEPC.378(80)',
  value,
  label: LABELS[value],
  macrofouling_percentage: value >= 2 ? 15.5 : 0,
  microfouling_percentage: 25,
});

describe('the fouling rating chip (issue 18 §4)', () => {
  it.each([0, 1, 2, 3, 4] as const)('shows rating %i in its colour, green to red', (value) => {
    render(<FoulingRatingChip rating={rating(value)} />);
    const chip = screen
      .getByText(`IMO rating ${value}: ${LABELS[value].toLowerCase()}`)
      .closest('.MuiChip-root');
    expect(chip).toHaveStyle({ backgroundColor: RATING_COLOURS[value].background });
  });

  it('reads "IMO rating 3: medium macrofouling" and tells its basis on hover', async () => {
    render(<FoulingRatingChip rating={rating(3)} />);
    await userEvent.hover(screen.getByText('IMO rating 3: medium macrofouling'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Macrofouling 15.50 %, microfouling 25.00 % of the surface (IMO MEPC.378(80))',
    );
  });

  it('marks a rating whose macrofouling stayed within the noise floor and says why on hover (issue 45 §3)', async () => {
    render(
      <FoulingRatingChip
        rating={{
          ...rating(1),
          macrofouling_percentage: 1.4,
          macrofouling_noise_floor_percentage: 2.6,
          macrofouling_within_noise: true,
        }}
      />,
    );
    await userEvent.hover(screen.getByText('IMO rating 1: microfouling *'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      "1.40 % of the surface read as macrofouling: within this model's noise floor (2.6 %), so it does not raise the rating.",
    );
    expect(
      noiseFloorNote({
        ...rating(2),
        macrofouling_noise_floor_percentage: 2.6,
        macrofouling_within_noise: false,
      }),
    ).toBeNull();
  });

  it('reads "not rated" when the server cannot rate the prediction', () => {
    render(<FoulingRatingChip rating={null} />);
    expect(screen.getByText('IMO rating: not rated')).toBeInTheDocument();
  });
});
