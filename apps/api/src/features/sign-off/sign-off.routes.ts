import { type RevisionList, routes, signOffMessages } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { ApiRegistrar } from '../../feature-context.js';
import type { DB, ProjectRow } from '../../db/schema.js';
import { conflict, notFound } from '../../http/api-error.js';
import { REPLY_SENT } from '../../http/router.js';
import { auditSource, recordAudit } from '../audit/audit-log.js';
import { personName } from '../mask-versions/person-name.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { revisionsRepository, toRevision } from './revisions.repository.js';
import { reopenInspection } from './reopen-inspection.js';
import { signInspection } from './sign-inspection.js';

async function revisionList(db: Kysely<DB>, project: ProjectRow): Promise<RevisionList> {
  const rows = await revisionsRepository(db).list(project.id);
  return {
    project: project.id,
    signed: project.signed_revision !== null,
    next_revision: (rows.at(-1)?.revision ?? 0) + 1,
    revisions: rows.map(toRevision),
  };
}

/** Issue 39 §4: signing an inspection, reopening it, and its signed revisions. */
export const registerSignOffRoutes: ApiRegistrar = ({ router, db, config }) => {
  router.add(routes.signInspection, async ({ organisation, user, params, body, request }) => {
    const signer = { user: { id: user.id, name: await personName(db, user.id) }, ...body };
    const signature = await signInspection(db, config, organisation.id, params.id, signer);
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'inspection.sign',
      target: { type: 'project', id: project.id, label: project.name },
      detail: { revision: signature.revision, name: signature.name, position: signature.position },
    });
    return signature;
  });

  router.add(routes.reopenInspection, async ({ organisation, user, params, body, request }) => {
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    const revision = project.signed_revision;
    if (revision === null) throw conflict(signOffMessages.notSigned);
    const by = { id: user.id, name: await personName(db, user.id) };
    const reopened = await reopenInspection(db, project.id, revision, by, body.reason);
    if (!reopened) throw conflict(signOffMessages.notSigned);
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'inspection.reopen',
      target: { type: 'project', id: project.id, label: project.name },
      detail: { revision, reason: body.reason },
    });
    return revisionList(db, await ownedProjectOr404(db, organisation.id, params.id));
  });

  router.add(routes.listRevisions, async ({ organisation, params }) =>
    revisionList(db, await ownedProjectOr404(db, organisation.id, params.id)),
  );

  router.add(routes.revisionReportJson, async ({ organisation, params, reply }) => {
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    const row = await revisionsRepository(db).find(project.id, params.revision);
    if (!row) throw notFound();
    // The stored bytes themselves, not a re-serialisation: they are what report_sha256 is of.
    await reply.type('application/json; charset=utf-8').send(Buffer.from(row.report_json));
    return REPLY_SENT;
  });
};
