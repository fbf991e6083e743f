import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { openImage } from '../src/media/open-image.js';
import { PREVIEW_SIDE, UPLOAD_OPEN_OPTIONS, makeUploadRenditions } from '../src/media/renditions.js';
import { benchOriginal, median } from './bench-support.js';
import type { BuiltServer } from './built-server.js';

export interface UploadTiming {
  runs: number;
  /** Median wall time of one upload request of the photo, from sending to the 201. */
  uploadMs: number;
  /** Median time of a plain decode of the same photo and resize to the preview size, in this process. */
  decodeResizeMs: number;
  /**
   * Median time of the upload's own image work (open, check, decode, resize, encode the preview and
   * the thumbnail) in this process: what the request spends beyond it is receiving, storing and HTTP.
   */
  imageWorkMs: number;
}

/**
 * Issue 21: the upload of a 12 MP JPEG against a plain decode + resize of it (the least any upload
 * must do to make its preview), both timed in turn in the same minutes so machine drift hits both.
 * The upload's image work alone is timed in turn too, to tell it from the rest of the request.
 * Each upload is a new image (the same bytes under a new name) in its own project.
 */
export async function measureUploadTiming(
  server: BuiltServer,
  access: string,
  runs: number,
): Promise<UploadTiming> {
  const original = await benchOriginal();
  const photo = await readFile(original);
  const project = await server.api<{ id: number }>('POST', '/api/projects/', access, {
    name: 'Upload timing',
    location: 'Lab',
  });
  const plainDecodeResize = () =>
    sharp(photo)
      .resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer();
  const imageWork = async () =>
    makeUploadRenditions((await openImage(original, 100_000_000, UPLOAD_OPEN_OPTIONS)).image);
  const upload = async (index: number) => {
    const form = new FormData();
    form.append('images', new Blob([photo], { type: 'image/jpeg' }), `phone-${index}.jpg`);
    await server.api('POST', `/api/projects/${project.id}/image-upload/`, access, form);
  };
  // Warm both paths: the first of each pays for loading code and libvips' caches.
  await upload(0);
  await plainDecodeResize();
  await imageWork();
  const uploads: number[] = [];
  const plain: number[] = [];
  const work: number[] = [];
  for (let run = 1; run <= runs; run += 1) {
    let started = performance.now();
    await upload(run);
    uploads.push(performance.now() - started);
    started = performance.now();
    await plainDecodeResize();
    plain.push(performance.now() - started);
    started = performance.now();
    await imageWork();
    work.push(performance.now() - started);
  }
  return { runs, uploadMs: median(uploads), decodeResizeMs: median(plain), imageWorkMs: median(work) };
}
