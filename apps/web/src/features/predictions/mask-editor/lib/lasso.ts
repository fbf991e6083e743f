import type { EditRecorder } from './mask-edit';

export interface Point {
  x: number;
  y: number;
}

/**
 * Calls visit(rowStart, left, right) for each row span of pixels whose centres lie inside the
 * polygon (even-odd rule, scanline through pixel centres), clipped to the mask.
 */
export function forEachPolygonSpan(
  polygon: readonly Point[],
  width: number,
  height: number,
  visit: (y: number, left: number, right: number) => void,
): void {
  if (polygon.length < 3) return;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const point of polygon) {
    minY = Math.min(minY, point.y);
    maxY = Math.max(maxY, point.y);
  }
  const top = Math.max(0, Math.floor(minY));
  const bottom = Math.min(height - 1, Math.ceil(maxY));
  const crossings: number[] = [];
  for (let y = top; y <= bottom; y += 1) {
    const centre = y + 0.5;
    crossings.length = 0;
    for (let i = 0; i < polygon.length; i += 1) {
      const a = polygon[i]!;
      const b = polygon[(i + 1) % polygon.length]!;
      // Half-open so a vertex on the scanline counts once.
      if (a.y <= centre !== b.y <= centre) {
        crossings.push(a.x + ((centre - a.y) / (b.y - a.y)) * (b.x - a.x));
      }
    }
    crossings.sort((p, q) => p - q);
    for (let i = 0; i + 1 < crossings.length; i += 2) {
      const left = Math.max(0, Math.ceil(crossings[i]! - 0.5));
      const right = Math.min(width - 1, Math.floor(crossings[i + 1]! - 0.5));
      if (right >= left) visit(y, left, right);
    }
  }
}

/** Fills the polygon with a class. */
export function fillPolygon(recorder: EditRecorder, polygon: readonly Point[], value: number): void {
  const { width, height } = recorder.mask;
  forEachPolygonSpan(polygon, width, height, (y, left, right) => {
    for (let x = left; x <= right; x += 1) recorder.set(y * width + x, value);
  });
}

/** Inside the polygon, turns the pixels of one class into another; other classes stay. */
export function replaceInPolygon(
  recorder: EditRecorder,
  polygon: readonly Point[],
  from: number,
  to: number,
): void {
  const { width, height, data } = recorder.mask;
  forEachPolygonSpan(polygon, width, height, (y, left, right) => {
    for (let x = left; x <= right; x += 1) {
      const index = y * width + x;
      if (data[index] === from) recorder.set(index, to);
    }
  });
}
