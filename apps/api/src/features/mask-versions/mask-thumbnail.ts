import sharp from 'sharp';
import { smallColourMask } from '../../inference/postprocess.js';
import { overlayThumbnail, thumbnailSize } from '../../media/renditions.js';

/**
 * The prediction's thumbnail for a mask version, made as the pipeline makes it (the mask at half
 * opacity over ORG), so the viewer's strip shows the correction rather than the model's mask.
 */
export async function maskThumbnail(
  org: Buffer,
  mask: Uint8Array,
  width: number,
  height: number,
  palette: Uint8Array,
): Promise<Buffer> {
  const { data, info } = await sharp(org)
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const small = smallColourMask({ classes: mask, width, height }, palette, thumbnailSize(width, height));
  return overlayThumbnail({ data, width: info.width, height: info.height }, small);
}
