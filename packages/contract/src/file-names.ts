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

/**
 * Control characters (C0, DEL, C1) and Unicode's text-direction controls: the first break ZIP entries
 * and PostgreSQL (NUL), the second make "<U+202E>gpj.exe" display as "exe.jpg".
 */
const UNSHOWABLE = /[\p{Cc}\p{Bidi_Control}]/gu;

/**
 * An uploaded file's name as the server stores and shows it: no folders, no control or direction
 * characters, trimmed, "image" when nothing is left, a longer one shortened in the middle. The
 * clients read refusals with it, since the server names each refused file so.
 */
export function storedFileName(name: string | undefined): string {
  const base = ((name ?? '').replace(/\\/g, '/').split('/').pop() ?? '').replace(UNSHOWABLE, '').trim();
  return shortenFileName(base || 'image');
}

/**
 * The reason for each file a refused upload names, by index into `names`. The server refuses a
 * request as a whole and lists each bad file as "<stored name>: <reason>" under `images`. Null when a
 * message names no file of the batch, or a name two of its files share: then the files must be sent
 * one at a time to find the bad ones.
 */
export function matchRefusals(
  names: readonly string[],
  messages: readonly string[],
): Map<number, string> | null {
  const stored = names.map(storedFileName);
  const reasons = new Map<number, string>();
  for (const message of messages) {
    const candidates = stored
      .map((name, index) => ({ name, index }))
      .filter(({ name }) => message.startsWith(`${name}: `));
    // The longest name wins: "a.jpg: x" must not be read as the shorter "a.jpg"'s cousin.
    const longest = Math.max(...candidates.map(({ name }) => name.length));
    const matches = candidates.filter(({ name }) => name.length === longest);
    if (matches.length !== 1 || reasons.has(matches[0]!.index)) return null;
    reasons.set(matches[0]!.index, message.slice(longest + 2));
  }
  return reasons.size > 0 ? reasons : null;
}
