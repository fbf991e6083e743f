/** Drawing units around each view, for its marks. */
export const MARGIN = 30;
/** The hull is drawn this many units long whatever its length, so every plan fits the same page. */
export const DRAWN_LENGTH = 1000;
/** A side view's depth to the boot-top's upper edge is drawn at least this many units. */
const MIN_SIDE_DEPTH = 170;
/** How far (in lengths from the stern) the bulbous bow reaches ahead of the stem. */
export const SPAN = 1.04;
/** The boot-top: between the light and the deepest waterlines, drawn from 0.8 to 1.12 draughts. */
export const BOOT_TOP_FROM = 0.8;
export const BOOT_TOP_TO = 1.12;

export interface PlanScales {
  /** Units per metre along the ship (and across it in the bottom view). */
  scale: number;
  /** Units per metre of height in the side views. */
  verticalScale: number;
}

export function planScales(lengthM: number, draughtM: number): PlanScales {
  const scale = DRAWN_LENGTH / lengthM;
  return { scale, verticalScale: Math.max(scale, MIN_SIDE_DEPTH / (draughtM * BOOT_TOP_TO)) };
}
