/**
 * Thumbnails asked for at once: a page holds about four screens of the grid's two columns within its
 * 450 px (three rows of two show at a time), so scrolling fetches a page now and then, and a page
 * costs the server and the wire a twentieth of a 500-image project's full list.
 */
export const THUMBNAIL_PAGE_SIZE = 24;

/**
 * Each image's place in the server's list of thumbnails, which is in upload order (id order), the
 * order `?offset=` counts in.
 */
export function serverPositions(images: readonly { id: number }[]): ReadonlyMap<number, number> {
  const ids = images.map((image) => image.id).sort((a, b) => a - b);
  return new Map(ids.map((id, position) => [id, position]));
}

/**
 * The pages (numbered from 0) that hold the given images, in order, each once. An image the
 * positions do not know (listed since) needs no page yet: it gets one once the list has it.
 */
export function pagesHolding(
  imageIds: readonly number[],
  positions: ReadonlyMap<number, number>,
  pageSize = THUMBNAIL_PAGE_SIZE,
): number[] {
  const pages = new Set<number>();
  for (const id of imageIds) {
    const position = positions.get(id);
    if (position !== undefined) pages.add(Math.floor(position / pageSize));
  }
  return [...pages].sort((a, b) => a - b);
}
