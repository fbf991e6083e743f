/**
 * Whether every pixel of a copied frame is the same: what a canvas holds when the video had no
 * picture to give yet (Chromium can hand out a blank first frame straight after opening a file),
 * and what a lens cap gives, which waiting does not change.
 */
export function isBlankFrame(pixels: ImageData): boolean {
  const words = new Uint32Array(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength >> 2);
  const first = words[0];
  for (let index = 1; index < words.length; index += 1) if (words[index] !== first) return false;
  return true;
}
