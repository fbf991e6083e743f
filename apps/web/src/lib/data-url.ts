const SIGNATURES: [prefix: string, mime: string][] = [
  ['/9j/', 'image/jpeg'],
  ['iVBORw0KGgo', 'image/png'],
  ['UklGR', 'image/webp'],
  ['R0lGOD', 'image/gif'],
];

/** An `<img src>` for the API's base64 images, whether it sends a data URL or bare base64. */
export function imageSource(base64: string): string {
  if (base64.startsWith('data:')) return base64;
  const mime = SIGNATURES.find(([prefix]) => base64.startsWith(prefix))?.[1] ?? 'image/png';
  return `data:${mime};base64,${base64}`;
}
