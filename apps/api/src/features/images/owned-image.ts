import type { Kysely } from 'kysely';
import type { DB, ImageRow } from '../../db/schema.js';
import { notFound } from '../../http/api-error.js';
import { imagesRepository } from './images.repository.js';

/** The caller's image in the caller's project, or a 404 (see ownedProjectOr404). */
export async function ownedImageOr404(
  db: Kysely<DB>,
  owner: number,
  projectId: number,
  imageId: number,
): Promise<ImageRow> {
  const image = await imagesRepository(db).findOwned(owner, projectId, imageId);
  if (!image) throw notFound();
  return image;
}
