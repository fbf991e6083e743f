import { HullPlan, type VesselParticulars } from '@hullscope/contract';
import { describe, expect, it } from 'vitest';
import { hullPlan } from '../../../src/features/hull-plan/hull-plan.js';

const none: VesselParticulars = {
  length_overall_m: null,
  beam_m: null,
  design_draught_m: null,
  propellers: null,
  bow_thrusters: null,
  stern_thrusters: null,
  sea_chests: null,
  sea_chest_side: null,
  bilge_keels: null,
  stabilisers: null,
  inspection_interval_days: null,
  idle_days: null,
  outside_operating_profile: null,
};

/** Every coordinate of a view's paths and marks, to check they stay inside it. */
function coordinates(view: HullPlan['views'][number]): number[] {
  const paths = [
    view.outline,
    ...view.shapes.map((shape) => shape.path),
    ...view.marks.map((mark) => mark.path ?? ''),
  ];
  return paths.flatMap((path) => (path.match(/-?\d+(\.\d+)?/g) ?? []).map(Number));
}

describe('the hull plan geometry', () => {
  it.each([
    ['a small workboat', { length_overall_m: 5, beam_m: 2.5, design_draught_m: 0.3 }],
    ['a very large crude carrier', { length_overall_m: 333, beam_m: 60, design_draught_m: 22.5 }],
    [
      'a six-shaft ship with every niche',
      { propellers: 6, bow_thrusters: 4, stern_thrusters: 4, sea_chests: 12, stabilisers: true },
    ],
  ])('keeps %s inside its views, every area it lists drawn', (_name, particulars) => {
    const plan = HullPlan.parse(hullPlan(1, { ...none, ...particulars }));
    for (const view of plan.views) {
      const values = coordinates(view);
      expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...values)).toBeLessThanOrEqual(Math.max(view.width, view.height));
    }
    // Each shape's anchor, where its photos are pinned, lies within the shape's extent.
    for (const shape of plan.views.flatMap((view) => view.shapes)) {
      const numbers = shape.path.match(/-?\d+(\.\d+)?/g)!.map(Number);
      const extent = shape.path.includes('A')
        ? { x: [numbers[0]!, numbers[7]!], y: [numbers[1]! - numbers[3]!, numbers[1]! + numbers[3]!] }
        : {
            x: numbers.filter((_, index) => index % 2 === 0),
            y: numbers.filter((_, index) => index % 2 === 1),
          };
      expect(shape.anchor!.x).toBeGreaterThanOrEqual(Math.min(...extent.x));
      expect(shape.anchor!.x).toBeLessThanOrEqual(Math.max(...extent.x));
      expect(shape.anchor!.y).toBeGreaterThanOrEqual(Math.min(...extent.y));
      expect(shape.anchor!.y).toBeLessThanOrEqual(Math.max(...extent.y));
    }
    const drawn = new Set(plan.views.flatMap((view) => view.shapes.map((shape) => shape.hull_zone)));
    expect([...drawn].sort()).toEqual(plan.legend.map((entry) => entry.hull_zone).sort());
  });

  it('draws lengths to one scale whatever the ship, and says how much the heights are exaggerated', () => {
    const small = hullPlan(1, { ...none, length_overall_m: 20, beam_m: 6, design_draught_m: 2 });
    const large = hullPlan(1, { ...none, length_overall_m: 200, beam_m: 32, design_draught_m: 12 });
    expect(small.views[0]!.width).toBe(large.views[0]!.width);
    expect(large.scale).toBe(5);
    expect(large.vertical_scale / large.scale).toBeGreaterThan(1);
    expect(large.assumptions.join(' ')).toMatch(/heights are drawn \d+\.\d times their length scale/);
    // The bottom view is true to scale: a wider ship is a taller view.
    expect(small.views[2]!.height).toBeGreaterThan(large.views[2]!.height);
  });

  it('puts sea chests on their side: all to starboard, none to port', () => {
    const plan = hullPlan(1, { ...none, sea_chests: 3, sea_chest_side: 'starboard' });
    const count = (view: number) =>
      plan.views[view]!.shapes.filter((shape) => shape.hull_zone === 'sea_chest').length;
    expect([count(0), count(1)]).toEqual([0, 3]);
  });
});
