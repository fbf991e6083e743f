import path from 'node:path';
import { shortenFileName } from '@hullscope/contract';

/**
 * Control characters (C0, DEL, C1) and Unicode's text-direction controls: the first break ZIP entries
 * and PostgreSQL (NUL), the second make "<U+202E>gpj.exe" display as "exe.jpg".
 */
const UNSHOWABLE = /[\p{Cc}\p{Bidi_Control}]/gu;

/**
 * A file name safe to show and to put in a ZIP: no folders, no control or direction characters, at
 * most 200 characters, a longer one shortened in the middle so its start and extension stay.
 */
export function cleanFileName(name: string | undefined): string {
  const base = path
    .basename((name ?? '').replace(/\\/g, '/'))
    .replace(UNSHOWABLE, '')
    .trim();
  return shortenFileName(base || 'image');
}
