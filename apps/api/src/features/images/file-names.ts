import path from 'node:path';

const isPrintable = (char: string) => {
  const code = char.charCodeAt(0);
  return code >= 0x20 && code !== 0x7f;
};

/** A file name safe to show and to put in a ZIP: no folders, no control characters, at most 200 chars. */
export function cleanFileName(name: string | undefined): string {
  const base = [...path.basename((name ?? '').replace(/\\/g, '/'))].filter(isPrintable).join('').trim();
  return (base || 'image').slice(-200);
}
