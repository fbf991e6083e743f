/**
 * Which files of a refused upload request the server named. The server refuses a request as a whole
 * and lists each bad file as "<name>: <reason>" under `images`, with the name cleaned as it stores
 * names: no folders, no control or text-direction characters, trimmed, at most its last 200
 * characters, "image" when nothing is left.
 */
const UNSHOWABLE = /[\p{Cc}\p{Bidi_Control}]/gu;

export function storedNameOf(name: string): string {
  const base = (name.replace(/\\/g, '/').split('/').pop() ?? '').replace(UNSHOWABLE, '').trim();
  return (base || 'image').slice(-200);
}

/**
 * The reason for each named file, by index into `names`; null when a message names no file of the
 * batch, or a name two of its files share: then the files must be sent one at a time to find out.
 */
export function matchRefusals(
  names: readonly string[],
  messages: readonly string[],
): Map<number, string> | null {
  const stored = names.map(storedNameOf);
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
