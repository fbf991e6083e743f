import { useEffect, useState } from 'react';

/** '#rrggbb' → [r, g, b]; anything else is ignored. */
function rgbOf(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  return match ? [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)] : null;
}

/** Makes the pixels of the given colours transparent, in place. */
export function clearColours(pixels: Uint8ClampedArray, hexColours: readonly string[]): void {
  const colours = hexColours.map(rgbOf).filter((rgb) => rgb !== null);
  for (let index = 0; index < pixels.length; index += 4) {
    const r = pixels[index];
    const g = pixels[index + 1];
    const b = pixels[index + 2];
    if (colours.some(([cr, cg, cb]) => r === cr && g === cg && b === cb)) pixels[index + 3] = 0;
  }
}

/**
 * The mask with some classes hidden (issue 22: each class toggles from its legend entry). The mask
 * is a palette PNG with exactly the classes' colours, so a class is hidden by clearing its colour.
 * Answers the unchanged source while nothing is hidden, or while (or where) no canvas can redraw it.
 */
export function useMaskWithoutClasses(source: string, hiddenColours: readonly string[]): string {
  const key = [...hiddenColours].sort().join(',');
  const [redrawn, setRedrawn] = useState<{ source: string; key: string; url: string } | null>(null);

  useEffect(() => {
    if (key === '') return;
    let cancelled = false;
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d');
      if (!context || cancelled) return;
      context.drawImage(image, 0, 0);
      const data = context.getImageData(0, 0, canvas.width, canvas.height);
      clearColours(data.data, key.split(','));
      context.putImageData(data, 0, 0);
      setRedrawn({ source, key, url: canvas.toDataURL('image/png') });
    };
    image.src = source;
    return () => {
      cancelled = true;
    };
  }, [source, key]);

  if (key === '') return source;
  return redrawn?.source === source && redrawn.key === key ? redrawn.url : source;
}
