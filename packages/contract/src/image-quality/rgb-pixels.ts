/**
 * 8-bit RGB pixels, row by row, three bytes a pixel: a Node Buffer from sharp and a browser's
 * Uint8Array alike, so the upload and the video frames in the browser are measured by one code.
 */
export interface RgbPixels {
  data: ArrayLike<number>;
  width: number;
  height: number;
}

/** RGB of RGBA pixels (a canvas's getImageData), alpha dropped: the metrics read three channels. */
export function rgbOfRgba(rgba: RgbPixels): RgbPixels & { data: Uint8Array } {
  const pixels = rgba.width * rgba.height;
  const data = new Uint8Array(pixels * 3);
  for (let index = 0, from = 0, to = 0; index < pixels; index += 1, from += 4, to += 3) {
    data[to] = rgba.data[from]!;
    data[to + 1] = rgba.data[from + 1]!;
    data[to + 2] = rgba.data[from + 2]!;
  }
  return { data, width: rgba.width, height: rgba.height };
}
