import { routes } from '@hullscope/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const AUDIT_PAGE_SIZE = 50;

/** The filters of the audit log page; an empty string is no filter. */
export interface AuditFilters {
  actor: string;
  action: string;
  from: string;
  to: string;
}

export const noAuditFilters: AuditFilters = { actor: '', action: '', from: '', to: '' };

/** The filters as query parameters, leaving out the empty ones. */
export function auditQuery(filters: AuditFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
}

export const getAuditEvents = (filters: AuditFilters, page: number) =>
  api.requestCounted(routes.listAuditEvents, {
    query: { ...auditQuery(filters), offset: page * AUDIT_PAGE_SIZE, limit: AUDIT_PAGE_SIZE },
  });

export const auditEventsQueryOptions = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.auditEvents, filters, page],
    queryFn: () => getAuditEvents(filters, page),
    // The table keeps the page shown while the next one loads, rather than jumping to empty.
    placeholderData: keepPreviousData,
  });

export const useAuditEvents = (filters: AuditFilters, page: number) =>
  useQuery(auditEventsQueryOptions(filters, page));
