import type { EditRecorder } from './mask-edit';

/**
 * What a brush writes: a class index, or the model's own label at that pixel (the restore brush).
 */
export type BrushTarget = { kind: 'class'; value: number } | { kind: 'restore'; original: Uint8Array };

const valueAt = (target: BrushTarget, index: number) =>
  target.kind === 'class' ? target.value : target.original[index]!;

/**
 * Stamps a filled disc of the given diameter centred on (cx, cy), in mask pixels: a pixel belongs to
 * it when its centre lies within the radius, so a diameter of 1 is one pixel and shapes are symmetric.
 */
export function stampDisc(
  recorder: EditRecorder,
  cx: number,
  cy: number,
  diameter: number,
  target: BrushTarget,
): void {
  const { width, height } = recorder.mask;
  const radius = Math.max(diameter, 1) / 2;
  const radiusSquared = radius * radius;
  const top = Math.max(0, Math.floor(cy - radius));
  const bottom = Math.min(height - 1, Math.ceil(cy + radius));
  for (let y = top; y <= bottom; y += 1) {
    const dy = y + 0.5 - cy;
    const rest = radiusSquared - dy * dy;
    if (rest < 0) continue;
    const half = Math.sqrt(rest);
    // Pixel centres x + 0.5 within [cx - half, cx + half].
    const left = Math.max(0, Math.ceil(cx - half - 0.5));
    const right = Math.min(width - 1, Math.floor(cx + half - 0.5));
    const row = y * width;
    for (let x = left; x <= right; x += 1) recorder.set(row + x, valueAt(target, row + x));
  }
}

/**
 * A stroke segment from one pointer position to the next: discs every quarter diameter (at least
 * every pixel) so a fast drag leaves no gaps.
 */
export function strokeSegment(
  recorder: EditRecorder,
  from: { x: number; y: number },
  to: { x: number; y: number },
  diameter: number,
  target: BrushTarget,
): void {
  const distance = Math.hypot(to.x - from.x, to.y - from.y);
  const spacing = Math.max(1, diameter / 4);
  const steps = Math.max(1, Math.ceil(distance / spacing));
  for (let step = 1; step <= steps; step += 1) {
    const t = step / steps;
    stampDisc(recorder, from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t, diameter, target);
  }
}
