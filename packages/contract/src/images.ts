import { z } from 'zod';
import { MAX_DATABASE_ID, id } from './common.js';

export const ImageThumbnail = z
  .object({ id, image_name: z.string(), base64_thumbnail: z.string() })
  .meta({ id: 'ImageThumbnail' });
export type ImageThumbnail = z.infer<typeof ImageThumbnail>;
export const ImageThumbnailList = z.array(ImageThumbnail);

export const FullImage = z
  .object({
    id,
    image_name: z.string(),
    base64_image: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'FullImage' });
export type FullImage = z.infer<typeof FullImage>;

/** "Named list with message" (spec §3): what an upload created. */
export const NamedListWithMessage = z
  .object({ message: z.string(), data: z.array(z.object({ id, name: z.string() })) })
  .meta({ id: 'NamedListWithMessage' });
export type NamedListWithMessage = z.infer<typeof NamedListWithMessage>;

/** The most thumbnails one page of `GET …/thumbnails/?limit=` holds. */
export const THUMBNAIL_PAGE_MAX = 200;

const invalidInteger = 'A valid integer is required.';

/**
 * A whole number in a query string, worded as the Django REST framework words it. Only digits (and a
 * leading minus, so a negative value reads as out of range): an empty, decimal or repeated value is
 * refused rather than read as 0, NaN or the last one.
 */
function queryInteger(min: number, max: number) {
  return z
    .string({ error: invalidInteger })
    .regex(/^-?\d{1,16}$/, invalidInteger)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `Ensure this value is greater than or equal to ${min}.`)
        .max(max, `Ensure this value is less than or equal to ${max}.`),
    );
}

/**
 * Optional paging of the thumbnail list: without either parameter the whole list, as spec §7
 * describes it. An offset past the end gives an empty page, not an error.
 */
export const ThumbnailsQuery = z.object({
  offset: queryInteger(0, MAX_DATABASE_ID).optional(),
  limit: queryInteger(1, THUMBNAIL_PAGE_MAX).optional(),
});
export type ThumbnailsQuery = z.output<typeof ThumbnailsQuery>;
