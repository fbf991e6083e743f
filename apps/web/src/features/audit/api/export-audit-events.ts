import { routes } from '@hullscope/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { saveFile } from '@/lib/save-file';
import { auditQuery, type AuditFilters } from './get-audit-events';

/**
 * The entries matching the filters as a file. Fetched with the session's token (a plain link would
 * carry none) and handed to the browser as a blob.
 */
export const exportAuditEvents = async ({
  filters,
  format,
}: {
  filters: AuditFilters;
  format: 'csv' | 'json';
}) =>
  saveFile(
    await api.download(
      routes.exportAuditEvents,
      { query: { ...auditQuery(filters), format } },
      `audit-log.${format}`,
    ),
  );

export const useExportAuditEvents = () => useMutation({ mutationFn: exportAuditEvents });
