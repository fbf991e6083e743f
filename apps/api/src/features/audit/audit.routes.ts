import { type AuditEvent, routes } from '@hullscope/contract';
import { create as contentDisposition } from 'content-disposition';
import { stringify } from 'csv-stringify/sync';
import type { AuditEventRow } from '../../db/schema.js';
import type { ApiRegistrar } from '../../feature-context.js';
import { REPLY_SENT } from '../../http/router.js';
import { auditSource, recordAudit } from './audit-log.js';
import { type AuditFilter, auditRepository } from './audit.repository.js';
import { keepAuditRetention } from './audit-retention.js';

const DEFAULT_PAGE = 100;
/** The most entries one export holds; a narrower date range gets the rest. */
export const AUDIT_EXPORT_MAX = 100_000;

function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    created_at: row.created_at,
    actor_id: row.actor_id,
    actor: row.actor_name,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    target: row.target_label,
    detail: row.detail === null ? null : (JSON.parse(row.detail) as Record<string, unknown>),
    client_address: row.client_address,
  };
}

function auditCsv(events: AuditEvent[]): Buffer {
  const header = [
    'time',
    'actor_id',
    'actor',
    'action',
    'target_type',
    'target_id',
    'target',
    'detail',
    'client_address',
  ];
  const records = events.map((event) => [
    event.created_at,
    event.actor_id ?? '',
    event.actor ?? '',
    event.action,
    event.target_type ?? '',
    event.target_id ?? '',
    event.target ?? '',
    event.detail === null ? '' : JSON.stringify(event.detail),
    event.client_address ?? '',
  ]);
  // Cells that a spreadsheet would run as a formula are quoted as text.
  return Buffer.from(stringify([header, ...records], { escape_formulas: true }));
}

/** Issue 38 §5: the organisation's audit log for admins and owners, filtered, paged and exported. */
export const registerAuditRoutes: ApiRegistrar = ({ app, router, db, config, log }) => {
  const audit = auditRepository(db);
  const stop = new AbortController();
  app.addHook('onReady', async () =>
    keepAuditRetention(db, config.organisations.auditRetentionDays, log, stop.signal),
  );
  app.addHook('onClose', async () => stop.abort());

  router.add(routes.listAuditEvents, async ({ organisation, query, reply }) => {
    const filter: AuditFilter = query;
    reply.header('x-total-count', String(await audit.count(organisation.id, filter)));
    const rows = await audit.list(organisation.id, filter, {
      offset: query.offset ?? 0,
      limit: query.limit ?? DEFAULT_PAGE,
    });
    return rows.map(toAuditEvent);
  });

  router.add(routes.exportAuditEvents, async ({ organisation, query, request, reply }) => {
    const { format, ...filter } = query;
    const events = (await audit.list(organisation.id, filter, { offset: 0, limit: AUDIT_EXPORT_MAX })).map(
      toAuditEvent,
    );
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'audit.export',
      detail: { format, entries: events.length, ...filter },
    });
    const day = new Date().toISOString().slice(0, 10);
    const body = format === 'json' ? Buffer.from(`${JSON.stringify(events, null, 2)}\n`) : auditCsv(events);
    await reply
      .header('content-type', format === 'json' ? 'application/json' : 'text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition(`audit-log-${day}.${format}`))
      .send(body);
    return REPLY_SENT;
  });
};
