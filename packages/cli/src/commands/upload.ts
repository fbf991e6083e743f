import { HULL_ZONES, type HullZone, type HullscopeClient, type SurveyOutcome } from '@hullscope/client';
import { CliError, EXIT, explain, usageError } from '../exit-codes.js';
import { readSurveyFolder } from '../local-files.js';
import { findProject } from '../lookups.js';
import { progressBar } from '../progress.js';

export interface UploadOptions {
  projectId: number;
  zone?: string;
  recursive?: boolean;
}

const LABELS: Record<SurveyOutcome['kind'], string> = {
  uploaded: 'uploaded',
  skipped: 'skipped',
  refused: 'refused',
  'not-sent': 'not sent',
};

function zoneOf(zone: string | undefined): HullZone | null {
  if (zone === undefined) return null;
  if (!(HULL_ZONES as readonly string[]).includes(zone)) {
    throw usageError(`--zone must be one of ${HULL_ZONES.join(', ')}; not "${zone}".`);
  }
  return zone as HullZone;
}

/**
 * Uploads a survey folder: photos the project already holds (same bytes) are skipped, so running it
 * again after a lost connection sends only what is missing. Prints one line per file and a total;
 * fails (exit 1) when a photo was refused or could not be sent.
 */
export async function uploadFolder(
  client: HullscopeClient,
  folder: string,
  options: UploadOptions,
): Promise<void> {
  const hullZone = zoneOf(options.zone);
  const project = await findProject(client, options.projectId);
  const { images, others } = await readSurveyFolder(folder, options.recursive ?? false);
  for (const other of others) process.stdout.write(`not an image  ${other}\n`);
  if (images.length === 0) {
    process.stdout.write(`No photos in ${folder} (JPEG, PNG, WebP, TIFF or HEIC).\n`);
    return;
  }

  const checking = progressBar('Checking', 'files');
  const sending = progressBar('Uploading', 'bytes');
  const state: { phase: 'none' | 'checking' | 'sending' } = { phase: 'none' };
  const result = await client.uploadSurvey(project.id, images, {
    hullZone,
    onProgress: ({ phase: now, done, total }) => {
      if (now === 'checking') {
        if (state.phase === 'none') checking.start(total, 0, { suffix: '' });
        state.phase = 'checking';
        checking.update(done);
      } else {
        if (state.phase === 'checking') checking.stop();
        if (state.phase !== 'sending') sending.start(Math.max(total, 1), 0, { suffix: '' });
        state.phase = 'sending';
        sending.update(done);
      }
    },
  });
  if (state.phase === 'checking') checking.stop();
  if (state.phase === 'sending') sending.stop();

  const counts: Record<SurveyOutcome['kind'], number> = {
    uploaded: 0,
    skipped: 0,
    refused: 0,
    'not-sent': 0,
  };
  result.outcomes.forEach((outcome, index) => {
    counts[outcome.kind] += 1;
    const reason = outcome.kind === 'uploaded' ? '' : ` (${outcome.reason})`;
    process.stdout.write(`${LABELS[outcome.kind].padEnd(13)} ${images[index]!.path}${reason}\n`);
  });
  process.stdout.write(
    `Project ${project.id} "${project.name}": ${counts.uploaded} uploaded, ${counts.skipped} skipped, ` +
      `${counts.refused} refused, ${counts['not-sent']} not sent` +
      (others.length > 0 ? `, ${others.length} not images` : '') +
      '.\n',
  );
  if (result.stoppedBy) {
    const { message, exitCode } = explain(result.stoppedBy);
    throw new CliError(`The upload stopped: ${message}`, exitCode);
  }
  if (counts.refused + counts['not-sent'] > 0) {
    throw new CliError('Some photos were not stored (see above).', EXIT.failed);
  }
}
