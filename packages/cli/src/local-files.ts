import { openAsBlob } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SurveyFile } from '@hullscope/client';
import { usageError } from './exit-codes.js';

/** What the server decodes (UPLOAD_FORMATS_TEXT): JPEG, PNG, WebP, TIFF and HEIC, by extension. */
const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.tif', '.tiff', '.heic', '.heif']);

export interface FolderContents {
  images: (SurveyFile & { path: string })[];
  /** Files that are not images by their extension: reported, never sent. */
  others: string[];
}

/**
 * The photos of a survey folder, by name (sub-folders too when `recursive`); hidden files (.DS_Store,
 * ._ resource forks) are left out. Each photo is a Blob on the file, read only when hashed or sent.
 */
export async function readSurveyFolder(folder: string, recursive: boolean): Promise<FolderContents> {
  const info = await stat(folder).catch(() => null);
  if (!info?.isDirectory()) throw usageError(`${folder} is not a folder.`);
  const entries = await readdir(folder, { withFileTypes: true, recursive });
  const files = entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort((a, b) => a.localeCompare(b, 'en'));
  const contents: FolderContents = { images: [], others: [] };
  for (const file of files) {
    const relative = path.relative(folder, file);
    if (IMAGE_EXTENSIONS.has(path.extname(file).toLowerCase())) {
      contents.images.push({ name: path.basename(file), path: relative, blob: await openAsBlob(file) });
    } else {
      contents.others.push(relative);
    }
  }
  return contents;
}
