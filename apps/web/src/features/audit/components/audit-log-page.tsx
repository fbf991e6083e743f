import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { PageTitle } from '@/components/ui/page-title';
import { useNotify } from '@/lib/notify';
import { useExportAuditEvents } from '../api/export-audit-events';
import {
  AUDIT_PAGE_SIZE,
  noAuditFilters,
  useAuditEvents,
  type AuditFilters as Filters,
} from '../api/get-audit-events';
import { type AuditActor, AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';

/** The organisation's audit log for admins and owners: filter, page through, export. */
export function AuditLogPage({ actors }: { actors: AuditActor[] }) {
  const [filters, setFilters] = useState<Filters>(noAuditFilters);
  const [page, setPage] = useState(0);
  const events = useAuditEvents(filters, page);
  const exporting = useExportAuditEvents();
  const notify = useNotify();
  const exportAs = (format: 'csv' | 'json') =>
    exporting.mutate(
      { filters, format },
      { onError: (error) => notify.failure('Exporting the audit log failed', error) },
    );

  return (
    <>
      <PageTitle>Audit log</PageTitle>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => exportAs('csv')}
          disabled={exporting.isPending}
        >
          Export CSV
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => exportAs('json')}
          disabled={exporting.isPending}
        >
          Export JSON
        </Button>
      </Stack>
      <AuditFilters
        value={filters}
        actors={actors}
        onChange={(next) => {
          setFilters(next);
          setPage(0);
        }}
      />
      <AuditTable
        events={events.data?.data ?? []}
        total={events.data?.total ?? 0}
        page={page}
        pageSize={AUDIT_PAGE_SIZE}
        onPage={setPage}
      />
    </>
  );
}
