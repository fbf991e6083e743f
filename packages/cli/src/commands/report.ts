import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { HullscopeClient } from '@hullscope/client';
import { usageError } from '../exit-codes.js';
import { findModel, findProject, findResolution } from '../lookups.js';

export interface ReportOptions {
  projectId: number;
  output?: string;
  photos?: string;
  model?: string;
  resolution?: string;
}

/**
 * Saves the project's inspection report PDF, streamed to disk: into a `.part` file first, renamed
 * when complete, so an interrupted download never leaves a truncated report under the real name.
 */
export async function downloadReport(client: HullscopeClient, options: ReportOptions): Promise<void> {
  if (options.photos !== undefined && options.photos !== 'key' && options.photos !== 'all') {
    throw usageError(`--photos must be key or all, not "${options.photos}".`);
  }
  const project = await findProject(client, options.projectId);
  const query = {
    ...(options.photos ? { photos: options.photos } : {}),
    ...(options.model ? { model: (await findModel(client, options.model)).id } : {}),
    ...(options.resolution ? { resolution: (await findResolution(client, options.resolution)).id } : {}),
  };
  const file = await client.download(
    'inspectionReportPdf',
    { params: { id: project.id }, query },
    { fallbackName: `inspection-report-${project.id}.pdf` },
  );
  const target = options.output ?? file.filename;
  const partial = `${target}.part`;
  try {
    await pipeline(Readable.fromWeb(file.body as NodeReadableStream<Uint8Array>), createWriteStream(partial));
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const { size } = await stat(target);
  process.stdout.write(`Saved the report of project ${project.id} to ${target} (${size} bytes).\n`);
}
