import { randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { BackupError } from './backup-error.js';

/** The file a complete backup ends with; a folder without it is an interrupted or failed backup. */
export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'hullscope-backup/1';

const BackupFileSchema = z.object({
  /** Relative to the backup folder, with forward slashes. */
  path: z.string().min(1),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The source file's modification time: an unchanged file is linked from the previous backup. */
  mtime_ms: z.number(),
});
export type BackupFile = z.infer<typeof BackupFileSchema>;

const ManifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  mode: z.enum(['embedded', 'postgres']),
  created_at: z.string(),
  finished_at: z.string(),
  /** The database's last applied migration: a release restores only a schema it knows. */
  schema: z.string().nullable(),
  /** The database dump or copy, also listed in `files`. */
  database: z.string().min(1),
  files: z.array(BackupFileSchema),
  /** Bytes the backup took beyond the previous one (files linked from it cost nothing). */
  bytes_written: z.number().int().min(0),
});
export type BackupManifest = z.infer<typeof ManifestSchema>;

/** Written last, by rename, so a killed backup never has a manifest `verify` could accept. */
export async function writeManifest(folder: string, manifest: BackupManifest): Promise<void> {
  const target = path.join(folder, MANIFEST_FILE);
  const partial = `${target}.${randomUUID()}.part`;
  await writeFile(partial, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(partial, target);
}

export async function readManifest(folder: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(folder, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(
        `${folder} is not a complete backup: it has no ${MANIFEST_FILE} (the backup was interrupted or failed).`,
      );
    }
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BackupError(`${path.join(folder, MANIFEST_FILE)} is not valid JSON.`);
  }
  const result = ManifestSchema.safeParse(parsed);
  if (!result.success) {
    throw new BackupError(`${path.join(folder, MANIFEST_FILE)} is not a Hullscope backup manifest.`);
  }
  return result.data;
}
