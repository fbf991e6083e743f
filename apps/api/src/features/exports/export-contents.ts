import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { archiveContents, folderName } from '../downloads/archive-contents.js';
import { summaryCsv } from '../downloads/summary-csv.js';
import { decisionRulesService } from '../decisions/decision-rules.service.js';
import { inspectionReport } from '../inspections/inspection-report.js';
import { particularsOf } from '../vessels/vessel-particulars.js';
import type { ExportEntry } from './export-archive.js';
import { exportReadme } from './export-readme.js';
import { exportRowsRepository } from './export-rows.repository.js';

/** Raised when a file's layout or a JSON file's fields change in a way an importer must know. */
export const EXPORT_FORMAT_VERSION = 1;

function json(name: string, value: unknown): ExportEntry {
  return { name, data: Buffer.from(`${JSON.stringify(value, null, 2)}\n`), compressed: false };
}

/**
 * Every file of the organisation's export, in order: README, account (the requester's, the
 * organisation's and its members), fleet, ledger, then per project its report, summary and the same
 * image folders as the project's own download.
 */
export async function exportContents(
  db: Kysely<DB>,
  owner: number,
  requestedBy: number | null,
  config: Config,
  now: Date = new Date(),
): Promise<ExportEntry[]> {
  const rows = exportRowsRepository(db);
  const projects = await rows.projects(owner);
  const folders = new Map(
    projects.map((project) => [project.id, `${project.id}-${folderName(project.name).slice(0, 80)}`]),
  );
  const entries: ExportEntry[] = [
    {
      name: 'README.md',
      data: Buffer.from(exportReadme(now.toISOString(), EXPORT_FORMAT_VERSION)),
      compressed: false,
    },
    json('account.json', {
      user: requestedBy === null ? null : ((await rows.account(requestedBy)) ?? null),
      organisation: (await rows.organisation(owner)) ?? null,
      members: await rows.members(owner),
      company: (await rows.company(owner)) ?? null,
    }),
    json(
      'vessels.json',
      (await rows.vessels(owner)).map((vessel) => ({ ...vessel, ...particularsOf(vessel) })),
    ),
    json('cleanings.json', await rows.cleanings(owner)),
    json('decision-rules.json', await decisionRulesService(db).get(owner)),
    json(
      'projects.json',
      projects.map((project) => ({ ...project, folder: `projects/${folders.get(project.id)}` })),
    ),
    json('prediction-requests.json', await rows.predictionRequests(owner)),
    json('credit-ledger.json', await rows.ledger(owner)),
    json(
      'payments.json',
      (await rows.payments(owner)).map((payment) => ({
        ...payment,
        billing_details: payment.billing_details ? (JSON.parse(payment.billing_details) as unknown) : null,
      })),
    ),
  ];
  for (const project of projects) {
    const folder = `projects/${folders.get(project.id)}`;
    const { report } = await inspectionReport(db, project, {}, config, now);
    const { files, summary } = await archiveContents(db, owner, project.id, config);
    entries.push(json(`${folder}/report.json`, report), {
      name: `${folder}/summary.csv`,
      data: summaryCsv(summary),
      compressed: false,
    });
    for (const file of files) {
      entries.push({
        name: `${folder}/${file.name}`,
        data: file.data,
        storageKey: file.storageKey,
        load: file.load,
        compressed: file.compressed,
      });
    }
  }
  return entries;
}
