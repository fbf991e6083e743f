import type { ModelClass } from '@hullscope/contract';
import sharp from 'sharp';

function rgbKey(r: number, g: number, b: number): number {
  return (r << 16) | (g << 8) | b;
}

/**
 * A ground-truth mask as class indices, resized (nearest neighbour) to the prediction's size. A
 * single-channel PNG holds the indices themselves; a colour PNG is read as a class map painted in
 * the manifest's colours.
 */
export async function readMask(
  file: string,
  classes: ModelClass[],
  width: number,
  height: number,
): Promise<Uint8Array> {
  const metadata = await sharp(file).metadata();
  const singleChannel = metadata.channels === 1 || (metadata.channels === 2 && metadata.hasAlpha);
  const { data, info } = await sharp(file)
    .resize(width, height, { fit: 'fill', kernel: 'nearest' })
    .removeAlpha()
    .toColourspace(singleChannel ? 'b-w' : 'srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const indices = new Uint8Array(width * height);
  if (info.channels === 1) {
    for (let pixel = 0; pixel < indices.length; pixel += 1) {
      const value = data[pixel]!;
      if (value >= classes.length)
        throw new Error(`${file}: class index ${value} but the model has ${classes.length} classes`);
      indices[pixel] = value;
    }
    return indices;
  }
  const byColour = new Map(
    classes.map((modelClass, index) => {
      const value = Number.parseInt(modelClass.hex_color.slice(1), 16);
      return [rgbKey((value >> 16) & 255, (value >> 8) & 255, value & 255), index];
    }),
  );
  for (let pixel = 0; pixel < indices.length; pixel += 1) {
    const offset = pixel * info.channels;
    const [r, g, b] = [data[offset]!, data[offset + 1]!, data[offset + 2]!];
    // Index masks saved as RGB greys read as their index: a grey that is no class colour is not ambiguous.
    const index = byColour.get(rgbKey(r, g, b)) ?? (r === g && g === b && r < classes.length ? r : undefined);
    if (index === undefined) {
      throw new Error(
        `${file}: colour rgb(${data[offset]}, ${data[offset + 1]}, ${data[offset + 2]}) at pixel ${pixel} is none of the model's class colours`,
      );
    }
    indices[pixel] = index;
  }
  return indices;
}
