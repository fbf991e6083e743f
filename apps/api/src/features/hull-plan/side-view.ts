import { type HullPlanShape, type HullPlanView, type HullZone, areaKindOf } from '@hullscope/contract';
import { type DrawnParticulars, seaChestsOn } from './drawn-particulars.js';
import { BOOT_TOP_FROM, BOOT_TOP_TO, MARGIN, type PlanScales, SPAN } from './plan-frame.js';
import { type Point, anchorOf, ellipse, line, polygon, rect } from './svg-path.js';

/**
 * A side view: the hull up to the boot-top's upper edge, the stern at 0 and the stem at 1 (lengths),
 * heights in draughts above the keel. Seen from port the bow points left, from starboard right, as
 * a person standing beside the ship sees it. Niche positions are the usual ones, not this ship's.
 */
export function sideView(
  side: 'port' | 'starboard',
  drawn: DrawnParticulars,
  scales: PlanScales,
): HullPlanView {
  const lengthUnits = drawn.lengthM * scales.scale;
  const depthUnits = drawn.draughtM * scales.verticalScale;
  const x = (f: number) => MARGIN + (side === 'starboard' ? f : SPAN - f) * lengthUnits;
  const y = (h: number) => MARGIN + (BOOT_TOP_TO - h) * depthUnits;
  const at = (f: number, h: number): Point => [x(f), y(h)];
  const box = (f0: number, h0: number, f1: number, h1: number) =>
    rect(Math.min(x(f0), x(f1)), y(h1), Math.abs(x(f1) - x(f0)), y(h0) - y(h1));
  const shapes: HullPlanShape[] = [];
  const add = (zone: HullZone, path: string) =>
    shapes.push({ hull_zone: zone, kind: areaKindOf(zone), path, anchor: anchorOf(path) });

  // The open hull first, the niches over it.
  add('flat_bottom', polygon([at(0.08, 0), at(0.88, 0), at(0.86, 0.08), at(0.1, 0.08)]));
  add(
    side === 'port' ? 'vertical_side_port' : 'vertical_side_starboard',
    polygon([at(0.1, 0.08), at(0.86, 0.08), at(0.86, BOOT_TOP_FROM), at(0.1, BOOT_TOP_FROM)]),
  );
  add(
    'bow',
    polygon([
      at(0.86, 0.08),
      at(0.88, 0),
      at(0.95, 0.12),
      at(1, 0.7),
      at(1.01, BOOT_TOP_FROM),
      at(0.86, BOOT_TOP_FROM),
    ]),
  );
  add(
    'stern',
    polygon([
      at(0, BOOT_TOP_FROM),
      at(0, 0.6),
      at(0.04, 0.45),
      at(0.08, 0),
      at(0.1, 0.08),
      at(0.1, BOOT_TOP_FROM),
    ]),
  );
  add(
    'boot_top',
    polygon([at(0, BOOT_TOP_FROM), at(1.01, BOOT_TOP_FROM), at(1.02, BOOT_TOP_TO), at(0, BOOT_TOP_TO)]),
  );
  add('bulbous_bow', ellipse(x(0.995), y(0.28), 0.035 * lengthUnits, 0.16 * depthUnits));
  add('transom', box(0, 0.6, 0.008, BOOT_TOP_TO));
  add('rudder', box(0.012, 0.12, 0.034, 0.62));
  if (drawn.propellers > 0) {
    add('propeller', ellipse(x(0.055), y(0.3), 0.24 * depthUnits, 0.24 * depthUnits));
    add('rope_guard_shaft', box(0.075, 0.26, 0.12, 0.34));
  }
  for (let index = 0; index < drawn.sternThrusters; index += 1) {
    add('stern_thruster', ellipse(x(0.13 + index * 0.03), y(0.55), 0.08 * depthUnits, 0.08 * depthUnits));
  }
  for (let index = 0; index < drawn.bowThrusters; index += 1) {
    add('bow_thruster', ellipse(x(0.92 - index * 0.03), y(0.55), 0.08 * depthUnits, 0.08 * depthUnits));
  }
  for (let index = 0; index < seaChestsOn(side, drawn); index += 1) {
    const from = 0.2 + index * 0.05;
    add('sea_chest', box(from, 0.12, from + 0.03, 0.28));
    add('gratings', box(from + 0.005, 0.15, from + 0.025, 0.25));
  }
  if (drawn.bilgeKeels) add('bilge_keels', box(0.35, 0.1, 0.65, 0.14));
  if (drawn.stabilisers) add('stabilisers', polygon([at(0.43, 0.2), at(0.47, 0.2), at(0.45, 0.05)]));
  for (const f of [0.14, 0.3, 0.55, 0.78]) add('anodes', box(f, 0.42, f + 0.012, 0.47));

  const waterline = y(1);
  const draftMark = (f: number) => line([x(f), y(0)], [x(f), waterline]);
  const bowLeft = side === 'port';
  return {
    view: side,
    metres: {
      origin_x: x(0),
      x_per_m: (x(1) - x(0)) / drawn.lengthM,
      origin_y: y(0),
      y_per_m: -scales.verticalScale,
      across: 'height_above_keel_m',
      max_from_aft_m: drawn.lengthM,
      across_min_m: 0,
      across_max_m: Math.round(drawn.draughtM * BOOT_TOP_TO * 100) / 100,
    },
    title: side === 'port' ? 'Port side' : 'Starboard side',
    width: 2 * MARGIN + SPAN * lengthUnits,
    height: 2 * MARGIN + BOOT_TOP_TO * depthUnits + 20,
    outline: polygon([
      at(0, BOOT_TOP_TO),
      at(0, 0.6),
      at(0.04, 0.45),
      at(0.08, 0),
      at(0.88, 0),
      at(0.95, 0.12),
      at(1, 0.7),
      at(1.02, BOOT_TOP_TO),
    ]),
    shapes,
    marks: [
      {
        text: `Design waterline, draught ${drawn.draughtM} m`,
        x: x(0.5),
        y: waterline - 4,
        path: line([x(0), waterline], [x(1.01), waterline]),
      },
      { text: 'Draft marks', x: x(0.975), y: y(0) + 14, path: draftMark(0.975) },
      { text: 'Draft marks', x: x(0.02), y: y(0) + 14, path: draftMark(0.02) },
      { text: bowLeft ? '← Bow' : 'Bow →', x: x(bowLeft ? 1.02 : 0.98), y: MARGIN - 10, path: null },
    ],
  };
}
