import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CostBreakdown } from './cost-breakdown';

const resolution = (id: number, display_name: string, price: number, max: number) => ({
  id,
  name: display_name.toLowerCase(),
  display_name,
  type: 'max',
  price,
  resolution: max,
  active: true,
});
const resolutions = [
  resolution(1, 'Standard (max 800 px)', 1, 800),
  resolution(2, 'Full HD (max 1920 px)', 2, 1920),
];

describe('the cost per image in the schedule dialog', () => {
  it('lists each image with its price, says why a small one costs less, and totals them', () => {
    render(
      <CostBreakdown
        chosen={2}
        resolutions={resolutions}
        charges={[
          { image: 11, image_name: 'small-512.jpg', credits: 1, resolution: 1 },
          { image: 12, image_name: 'large-4032.jpg', credits: 2, resolution: 2 },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Cost per image' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['small-512.jpg', '1', 'Standard (max 800 px): no larger than 800 px, same result'],
      ['large-4032.jpg', '2', 'Full HD (max 1920 px)'],
      ['Total', '3', '3 credits'],
    ]);
  });
});
