import type { ImageDetails, ImageThumbnail } from '@hullscope/contract';

/**
 * An image as the grid lists, filters and sorts it, without pixels: the image details give this for
 * the whole project (with each photo's quality), the thumbnails only for the pages fetched.
 */
export type ListedImage = Pick<ImageThumbnail, 'id' | 'image_name' | 'hull_zone'> &
  Partial<Pick<ImageDetails, 'quality'>>;
