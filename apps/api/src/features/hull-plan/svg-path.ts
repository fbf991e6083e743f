/** SVG path data, rounded to a tenth of a drawing unit: the web app and the PDF draw the same strings. */
const n = (value: number) => String(Math.round(value * 10) / 10);

export type Point = readonly [number, number];

export function polygon(points: readonly Point[]): string {
  return `${points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${n(x)} ${n(y)}`).join(' ')} Z`;
}

export function rect(x: number, y: number, width: number, height: number): string {
  return polygon([
    [x, y],
    [x + width, y],
    [x + width, y + height],
    [x, y + height],
  ]);
}

/** An ellipse as two arcs (every SVG and PDF path reader draws arcs). */
export function ellipse(cx: number, cy: number, rx: number, ry: number): string {
  return (
    `M${n(cx - rx)} ${n(cy)} A${n(rx)} ${n(ry)} 0 1 0 ${n(cx + rx)} ${n(cy)} ` +
    `A${n(rx)} ${n(ry)} 0 1 0 ${n(cx - rx)} ${n(cy)} Z`
  );
}

/**
 * A point inside a shape drawn by these helpers: an ellipse's centre (between its first point and
 * its first arc's end), else the mean of a polygon's corners (inside, as every polygon here is convex).
 */
export function anchorOf(path: string): { x: number; y: number } {
  const numbers = (path.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
  if (path.includes('A')) {
    const [x0 = 0, y0 = 0, , , , , , x1 = 0] = numbers;
    return { x: (x0 + x1) / 2, y: y0 };
  }
  const xs = numbers.filter((_, index) => index % 2 === 0);
  const ys = numbers.filter((_, index) => index % 2 === 1);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return { x: Math.round(mean(xs) * 10) / 10, y: Math.round(mean(ys) * 10) / 10 };
}

export function line(from: Point, to: Point): string {
  return `M${n(from[0])} ${n(from[1])} L${n(to[0])} ${n(to[1])}`;
}
