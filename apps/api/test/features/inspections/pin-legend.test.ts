import type { PlanPin } from '@hullscope/contract';
import { describe, expect, it } from 'vitest';
import { PIN_LEGEND_LINES, pinLegendLines } from '../../../src/features/inspections/report-compliance-pdf.js';

const pin = (number: number): PlanPin => ({
  number,
  image_id: number,
  image_name: `pass@${number}.jpg`,
  hull_zone: 'flat_bottom',
  placement: 'interpolated',
  view: 'bottom',
  x: 10,
  y: 10,
  from_aft_m: 12.5,
  across_m: 0,
});

describe("the report's key of the photos on the plan", () => {
  it('names every pin of a small survey with its place', () => {
    const lines = pinLegendLines({
      pins: [pin(1), pin(2)],
      unplaced: [{ image_id: 9, image_name: 'loose.jpg' }],
    });
    expect(lines).toEqual([
      '1  pass@1.jpg: Bottom, 12.5 m from the aft perpendicular, on the centreline (interpolated)',
      '2  pass@2.jpg: Bottom, 12.5 m from the aft perpendicular, on the centreline (interpolated)',
      'Not on the plan: loose.jpg (no zone, and not placed by hand).',
    ]);
  });

  it('keeps a survey of thousands of frames to its first pins and says where the rest are', () => {
    const pins = Array.from({ length: 5000 }, (_, index) => pin(index + 1));
    const unplaced = Array.from({ length: 450 }, (_, index) => ({
      image_id: 10_000 + index,
      image_name: `u${index}.jpg`,
    }));
    const lines = pinLegendLines({ pins, unplaced });
    expect(lines).toHaveLength(PIN_LEGEND_LINES + 2);
    expect(lines[PIN_LEGEND_LINES - 1]).toMatch(new RegExp(`^${PIN_LEGEND_LINES}  `));
    expect(lines[PIN_LEGEND_LINES]).toBe(
      `… and ${5000 - PIN_LEGEND_LINES} more photos on the plan (pins ${PIN_LEGEND_LINES + 1} to 5000): the report's JSON lists every pin with its place.`,
    );
    expect(lines.at(-1)).toMatch(
      /^Not on the plan: u0\.jpg, .* and 250 more \(no zone, and not placed by hand\)\.$/,
    );
  });
});
