import { MAX_GA_DRAWING_PIXELS, gaDrawingMessages } from '@hullscope/contract';
import sharp from 'sharp';

export interface CheckedGaDrawing {
  data: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** Whether the bytes look like SVG (or other XML) text: an opening tag after optional BOM and blanks. */
function looksLikeSvg(data: Buffer): boolean {
  const head = data
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') && /<svg[\s>]/i.test(data.subarray(0, 64 * 1024).toString('utf8'));
}

function contentTypeOf(data: Buffer): CheckedGaDrawing['contentType'] | undefined {
  if (data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'image/png';
  if (data.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'image/jpeg';
  return undefined;
}

/** Thrown with the message the drawing field's 400 carries. */
export class GaDrawingRejected extends Error {}

/**
 * Proves an upload is a PNG or JPEG drawing by its first bytes, never its name, and by decoding it
 * whole within the pixel limit (a file that only starts like a PNG fails here). A JPEG turned by its
 * EXIF orientation is stored upright, so the zone rectangles' pixels mean the same everywhere.
 */
export async function checkGaDrawing(data: Buffer): Promise<CheckedGaDrawing> {
  const contentType = contentTypeOf(data);
  if (!contentType) {
    throw new GaDrawingRejected(looksLikeSvg(data) ? gaDrawingMessages.svg : gaDrawingMessages.notAnImage);
  }
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new GaDrawingRejected(gaDrawingMessages.notAnImage);
  }
  const { width, height } = metadata;
  if (!width || !height) throw new GaDrawingRejected(gaDrawingMessages.notAnImage);
  if (width * height > MAX_GA_DRAWING_PIXELS) {
    throw new GaDrawingRejected(gaDrawingMessages.tooManyPixels(width, height));
  }
  const turned = (metadata.orientation ?? 1) > 1;
  try {
    const image = sharp(data, { limitInputPixels: MAX_GA_DRAWING_PIXELS, failOn: 'truncated' });
    if (!turned) {
      // Decoding to a tiny thumbnail reads every pixel without holding the whole image in memory.
      await image.resize(32, 32, { fit: 'inside' }).raw().toBuffer();
      return { data, contentType, width, height };
    }
    const upright = await image.rotate().jpeg({ quality: 92 }).toBuffer({ resolveWithObject: true });
    return { data: upright.data, contentType, width: upright.info.width, height: upright.info.height };
  } catch {
    throw new GaDrawingRejected(gaDrawingMessages.notAnImage);
  }
}
