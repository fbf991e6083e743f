import { type Signature, hullZoneLabels, signOffMessages } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB, ProjectRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { conflict } from '../../http/api-error.js';
import { inspectionAreasRepository } from '../inspection-areas/inspection-areas.repository.js';
import { inspectionReport } from '../inspections/inspection-report.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { projectsRepository } from '../projects/projects.repository.js';
import { projectSignatureRepository } from './project-signature.repository.js';
import { revisionsRepository } from './revisions.repository.js';
import { refuseWhileSigned } from './signed-freeze.js';
import { sha256Hex, signedReportBytes } from './signed-report.js';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.js';

/** Renders made again when a write lands between rendering the report and signing it. */
const ATTEMPTS = 3;

export interface Signer {
  user: { id: number; name: string };
  name: string;
  position: string;
}

/**
 * 409 naming the checklist's undecided areas, where the inspection's checklist is in use (someone
 * decided an area of it): a record that leaves areas unaccounted for cannot be signed. A project
 * whose checklist nobody touched is signed on its photos alone, as before the checklist existed.
 */
async function refuseUndecidedAreas(db: Kysely<DB>, project: ProjectRow, undecided: string[]) {
  if (undecided.length === 0) return;
  if ((await inspectionAreasRepository(db).listOfProject(project.id)).length === 0) return;
  throw conflict(signOffMessages.undecidedAreas(undecided));
}

/**
 * Issue 39 §4: renders the report as the next revision with the signature in it, stores those exact
 * bytes with their SHA-256 and freezes the inspection, or 409. The freeze is a guarded update that
 * also compares the content versions the report was rendered from: a write that committed meanwhile
 * makes it render again, and a write after it finds the project signed (signed-freeze.ts).
 */
export async function signInspection(
  db: Kysely<DB>,
  config: Config,
  organisationId: number,
  projectId: number,
  signer: Signer,
): Promise<Signature> {
  for (let attempt = 1; ; attempt += 1) {
    const project = await ownedProjectOr404(db, organisationId, projectId);
    refuseWhileSigned(project);
    if (await projectsRepository(db).hasUnfinishedRequest(project.id)) {
      throw conflict('A prediction is running in this inspection. Sign it once the prediction has finished.');
    }
    const revisions = revisionsRepository(db);
    const revision = (await revisions.newest(project.id)) + 1;
    const signedAt = nowIso();
    const signature = {
      revision,
      name: signer.name,
      position: signer.position,
      signed_by: signer.user,
      signed_at: signedAt,
    };
    const { report } = await inspectionReport(db, project, {}, config, new Date(), { revision, signature });
    await refuseUndecidedAreas(
      db,
      project,
      (report.checklist?.undecided ?? []).map((zone) => hullZoneLabels[zone]),
    );
    const bytes = signedReportBytes(report);
    const sha256 = sha256Hex(bytes);
    const outcome = await db.transaction().execute(async (trx) => {
      if (!(await projectSignatureRepository(trx).freeze(project, revision))) return 'changed';
      await revisionsRepository(trx).insert({
        project_id: project.id,
        revision,
        signer_name: signer.name,
        signer_position: signer.position,
        signed_by: signer.user.id,
        signed_by_name: signer.user.name,
        signed_at: signedAt,
        report_json: bytes.toString(),
        report_sha256: sha256,
      });
      await emitWebhookEvent(trx, organisationId, 'inspection.signed', {
        project_id: project.id,
        project_name: project.name,
        revision,
        name: signer.name,
        position: signer.position,
        signed_by: signer.user.id,
        signed_at: signedAt,
        report_sha256: sha256,
      });
      return 'signed';
    });
    if (outcome === 'signed') {
      return { ...signature, report_sha256: sha256 };
    }
    if (attempt >= ATTEMPTS) {
      throw conflict('The inspection kept changing while it was being signed. Try again.');
    }
  }
}
