import type { HullPlan, HullPlanView, HullZone } from '@hullscope/contract';

/** Drawing units between neighbouring pins of one zone: the web app draws a pin 22 units across. */
export const PIN_SPACING = 24;

/** The zones best seen from below; the sides' zones are shown on their own side. */
const PREFERRED_VIEW: Partial<Record<HullZone, HullPlanView['view']>> = {
  flat_bottom: 'bottom',
  bilge_keels: 'bottom',
  stabilisers: 'bottom',
  vertical_side_port: 'port',
  vertical_side_starboard: 'starboard',
};

/** Where a zone's photos go: its preferred view's first shape of it, else the first view drawing it. */
export function zoneAnchor(plan: HullPlan, zone: HullZone) {
  const views = [...plan.views].sort(
    (a, b) => Number(b.view === PREFERRED_VIEW[zone]) - Number(a.view === PREFERRED_VIEW[zone]),
  );
  for (const view of views) {
    const anchor = view.shapes.find((shape) => shape.hull_zone === zone && shape.anchor)?.anchor;
    if (anchor) return { view, anchor };
  }
  return null;
}

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/**
 * The `index`-th of a zone's pins: on a sunflower spiral around the anchor (Vogel's model), which
 * keeps neighbours about PIN_SPACING apart however many there are and the first at the anchor. Kept
 * inside the view, so a crowded niche near the edge still shows every pin.
 */
export function spreadPoint(view: HullPlanView, anchor: { x: number; y: number }, index: number) {
  const radius = PIN_SPACING * Math.sqrt(index);
  const angle = index * GOLDEN_ANGLE;
  const clamp = (value: number, max: number) => Math.min(max - 11, Math.max(11, value));
  return {
    x: Math.round(clamp(anchor.x + radius * Math.cos(angle), view.width) * 10) / 10,
    y: Math.round(clamp(anchor.y + radius * Math.sin(angle), view.height) * 10) / 10,
  };
}
