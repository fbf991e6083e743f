import type { HullPlanView } from '@hullscope/contract';
import { describe, expect, it } from 'vitest';
import { PIN_SPACING, spreadPoint } from '../../../src/features/plan-pins/zone-placement.js';

const view = (width: number, height: number): HullPlanView => ({
  view: 'bottom',
  title: 'Bottom',
  width,
  height,
  outline: '',
  shapes: [],
  marks: [],
});

describe("a zone's photos spread around its anchor", () => {
  it('keeps 300 pins at least PIN_SPACING apart, the first on the anchor', () => {
    const points = Array.from({ length: 300 }, (_, index) =>
      spreadPoint(view(5000, 5000), { x: 2500, y: 2500 }, index),
    );
    expect(points[0]).toEqual({ x: 2500, y: 2500 });
    let nearest = Infinity;
    for (const [i, a] of points.entries()) {
      for (const b of points.slice(i + 1)) nearest = Math.min(nearest, Math.hypot(a.x - b.x, a.y - b.y));
    }
    expect(nearest).toBeGreaterThanOrEqual(PIN_SPACING - 0.2);
  });

  it('keeps pins of a niche at the edge inside the view', () => {
    for (let index = 0; index < 50; index += 1) {
      const point = spreadPoint(view(1000, 200), { x: 5, y: 195 }, index);
      expect(point.x).toBeGreaterThanOrEqual(11);
      expect(point.y).toBeLessThanOrEqual(189);
    }
  });
});
