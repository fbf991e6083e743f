/**
 * The contract's JSON of `{ ...head, [key]: "<base64>", ...tail }` with the base64 copied in as
 * bytes: through JSON.stringify, a megabyte string would be scanned for escapes and copied again.
 * Base64 never needs escaping; the small fields around it go through JSON.stringify as usual.
 */
export function jsonWithBase64(
  head: Record<string, unknown>,
  key: string,
  base64: Buffer,
  tail: Record<string, unknown> = {},
): Buffer {
  const opened = JSON.stringify(head).slice(0, -1);
  const before = `${opened}${opened === '{' ? '' : ','}${JSON.stringify(key)}:"`;
  const closed = JSON.stringify(tail);
  const after = closed === '{}' ? '"}' : `",${closed.slice(1)}`;
  return Buffer.concat([Buffer.from(before), base64, Buffer.from(after)]);
}
