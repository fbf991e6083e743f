import { type HullPlanShape, type HullPlanView, type HullZone, areaKindOf } from '@hullscope/contract';
import type { DrawnParticulars } from './drawn-particulars.js';
import { MARGIN, type PlanScales, SPAN } from './plan-frame.js';
import { type Point, anchorOf, ellipse, polygon, rect } from './svg-path.js';

/**
 * The bottom seen from below, to the same scale both ways, bow to the right: starboard is then at
 * the top and port at the bottom. Positions across are fractions of the beam from the centreline.
 */
export function bottomView(drawn: DrawnParticulars, scales: PlanScales): HullPlanView {
  const lengthUnits = drawn.lengthM * scales.scale;
  const beamUnits = drawn.beamM * scales.scale;
  const centre = MARGIN + 14 + beamUnits * 0.62;
  const x = (f: number) => MARGIN + f * lengthUnits;
  // Port (positive b) is drawn below the centreline.
  const y = (b: number) => centre + b * beamUnits;
  const at = (f: number, b: number): Point => [x(f), y(b)];
  const box = (f0: number, b0: number, f1: number, b1: number) =>
    rect(x(f0), y(b0), x(f1) - x(f0), y(b1) - y(b0));
  const shapes: HullPlanShape[] = [];
  const add = (zone: HullZone, path: string) =>
    shapes.push({ hull_zone: zone, kind: areaKindOf(zone), path, anchor: anchorOf(path) });

  add('stern', polygon([at(0, -0.35), at(0.1, -0.5), at(0.1, 0.5), at(0, 0.35)]));
  add('bow', polygon([at(0.8, -0.5), at(1, 0), at(0.8, 0.5)]));
  add('vertical_side_starboard', box(0.1, -0.5, 0.8, -0.32));
  add('vertical_side_port', box(0.1, 0.32, 0.8, 0.5));
  add('flat_bottom', polygon([at(0.1, -0.32), at(0.8, -0.32), at(0.9, 0), at(0.8, 0.32), at(0.1, 0.32)]));
  add('bulbous_bow', ellipse(x(1), y(0), 0.03 * lengthUnits, 0.07 * beamUnits));
  add('transom', box(0, -0.35, 0.006, 0.35));

  const shaftOffsets = offsetsAcross(Math.max(drawn.propellers, 1));
  for (const b of shaftOffsets) add('rudder', box(0.012, b - 0.015, 0.034, b + 0.015));
  if (drawn.propellers > 0) {
    for (const b of shaftOffsets) {
      add(
        'propeller',
        ellipse(x(0.055), y(b), 0.008 * lengthUnits, Math.min(0.14, 0.4 / shaftOffsets.length) * beamUnits),
      );
      add('rope_guard_shaft', box(0.065, b - 0.01, 0.14, b + 0.01));
    }
  }
  if (drawn.bilgeKeels) {
    add('bilge_keels', box(0.35, -0.45, 0.65, -0.43));
    add('bilge_keels', box(0.35, 0.43, 0.65, 0.45));
  }
  if (drawn.stabilisers) {
    add('stabilisers', polygon([at(0.43, -0.5), at(0.47, -0.5), at(0.45, -0.62)]));
    add('stabilisers', polygon([at(0.43, 0.5), at(0.47, 0.5), at(0.45, 0.62)]));
  }
  for (const [f, b] of [
    [0.04, -0.2],
    [0.04, 0.2],
    [0.3, -0.38],
    [0.3, 0.38],
    [0.6, -0.38],
    [0.6, 0.38],
  ] as const) {
    add('anodes', box(f, b - 0.02, f + 0.012, b + 0.02));
  }
  return {
    view: 'bottom',
    // Across: metres from the centreline, port positive (drawn below it).
    metres: {
      origin_x: x(0),
      x_per_m: scales.scale,
      origin_y: centre,
      y_per_m: scales.scale,
      across: 'offset_from_centreline_m',
      max_from_aft_m: drawn.lengthM,
      across_min_m: -drawn.beamM / 2,
      across_max_m: drawn.beamM / 2,
    },
    title: 'Bottom (seen from below)',
    width: 2 * MARGIN + SPAN * lengthUnits,
    height: 2 * (centre - MARGIN) + 2 * MARGIN,
    outline: polygon([
      at(0, -0.35),
      at(0.1, -0.5),
      at(0.8, -0.5),
      at(1, 0),
      at(0.8, 0.5),
      at(0.1, 0.5),
      at(0, 0.35),
    ]),
    shapes,
    marks: [
      { text: 'Starboard', x: x(0.22), y: y(-0.5) - 8, path: null },
      { text: 'Port', x: x(0.22), y: y(0.5) + 16, path: null },
      { text: 'Bow →', x: x(0.98), y: y(-0.5) - 8, path: null },
    ],
  };
}

/** Where shafts sit across the beam: one on the centreline, more spread evenly within 0.3 beams. */
function offsetsAcross(count: number): number[] {
  if (count === 1) return [0];
  return Array.from({ length: count }, (_, index) => -0.3 + (0.6 * index) / (count - 1));
}
