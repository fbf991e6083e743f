import { routes } from '@hullscope/contract';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/api-error.js';
import type { Router } from '../../http/router.js';
import type { Storage } from '../../storage/storage.js';
import { imagesRepository } from '../images/images.repository.js';
import { projectsRepository } from '../projects/projects.repository.js';
import { type ArchiveFile, type SummaryRow, archiveContents } from './archive-contents.js';
import { zipStream } from './zip-stream.js';

function zipName(...parts: string[]): string {
  const date = new Date().toISOString().slice(0, 10);
  return `${['hullscope', ...parts, date].map((part) => part.replace(/[^\w.-]+/g, '_')).join('-')}.zip`;
}

/** Sends the ZIP as it is built (zipStream): files flow from storage to the client, never whole in memory. */
function sendZip(
  reply: FastifyReply,
  storage: Storage,
  fileName: string,
  files: ArchiveFile[],
  summary: SummaryRow[],
) {
  return reply
    .header('content-disposition', contentDisposition(fileName))
    .header('access-control-expose-headers', 'Content-Disposition')
    .type('application/zip')
    .send(zipStream(storage, files, summary, reply.log));
}

export function registerDownloadRoutes(router: Router, db: Kysely<DB>, storage: Storage): void {
  const projects = projectsRepository(db);
  const images = imagesRepository(db);

  router.add(routes.downloadProject, async ({ user, params, reply }) => {
    const project = await projects.findOwned(user.id, params.id);
    if (!project) throw notFound();
    const { files, summary } = await archiveContents(db, user.id, project.id);
    await sendZip(reply, storage, zipName(project.name), files, summary);
  });

  router.add(routes.downloadImage, async ({ user, params, reply }) => {
    const image = await images.findOwned(user.id, params.id, params.imageId);
    if (!image) throw notFound();
    const { files, summary } = await archiveContents(db, user.id, params.id, image.id);
    await sendZip(reply, storage, zipName(image.name.replace(/\.[^.]+$/, '')), files, summary);
  });
}
