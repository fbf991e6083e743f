/** The longest image name kept, in characters (code points); a longer one is shortened in the middle. */
export const MAX_IMAGE_NAME_LENGTH = 200;

/** An extension longer than this is not one a reader relies on: it is shortened like the rest. */
const MAX_EXTENSION_LENGTH = 12;
const ELLIPSIS = '…';

/**
 * `name` in at most `limit` characters, cut in the middle: a file's name starts with what tells it
 * apart (vessel, zone, date) and ends with its type, so both ends stay, the start getting the larger
 * share. Counted in code points, so no emoji or accented letter is split in two.
 */
export function shortenFileName(name: string, limit = MAX_IMAGE_NAME_LENGTH): string {
  const characters = Array.from(name);
  if (characters.length <= limit) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= MAX_EXTENSION_LENGTH ? Array.from(name.slice(dot)) : [];
  const stem = characters.slice(0, characters.length - extension.length);
  const room = Math.max(limit - extension.length - ELLIPSIS.length, 2);
  const head = Math.ceil(room * 0.7);
  const tail = room - head;
  return [...stem.slice(0, head), ELLIPSIS, ...(tail > 0 ? stem.slice(-tail) : []), ...extension].join('');
}
