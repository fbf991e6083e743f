import path from 'node:path';

/** A file name safe to show and to put in a ZIP: no folders, no control characters, at most 200 chars. */
export function cleanFileName(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const base = path
    .basename((name ?? '').replace(/\\/g, '/'))
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return (base || 'image').slice(-200);
}
