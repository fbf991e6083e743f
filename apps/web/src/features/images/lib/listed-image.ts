import type { ImageThumbnail } from '@hullscope/contract';

/**
 * An image as the grid lists, filters and sorts it, without pixels: the image details give this for
 * the whole project, the thumbnails only for the pages fetched.
 */
export type ListedImage = Pick<ImageThumbnail, 'id' | 'image_name' | 'hull_zone'>;
