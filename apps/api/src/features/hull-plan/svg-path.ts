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

export function line(from: Point, to: Point): string {
  return `M${n(from[0])} ${n(from[1])} L${n(to[0])} ${n(to[1])}`;
}
