import { z } from 'zod';
import { id } from './common.js';

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
