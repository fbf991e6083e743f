import type { AuditEvent } from '@hullscope/contract';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { auditActionLabel } from './audit-actions';

interface AuditTableProps {
  events: AuditEvent[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}

function targetOf(event: AuditEvent): string {
  if (event.target) return event.target;
  if (event.target_type) return `${event.target_type} ${event.target_id ?? ''}`.trim();
  return '–';
}

/** The log's entries, newest first, a page at a time. */
export function AuditTable({ events, total, page, pageSize, onPage }: AuditTableProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Audit log">
        <TableHead>
          <TableRow>
            {['Time', 'Actor', 'Action', 'Target', 'Address'].map((column) => (
              <TableCell key={column} sx={{ fontWeight: 600 }}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {events.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>
                <Typography color="text.secondary">No entries match the filters.</Typography>
              </TableCell>
            </TableRow>
          )}
          {events.map((event) => (
            <TableRow key={event.id} hover>
              <TableCell>{new Date(event.created_at).toLocaleString()}</TableCell>
              <TableCell>{event.actor ?? '–'}</TableCell>
              <TableCell>{auditActionLabel(event.action)}</TableCell>
              <TableCell>{targetOf(event)}</TableCell>
              <TableCell>{event.client_address ?? '–'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[pageSize]}
        onPageChange={(_, next) => onPage(next)}
      />
    </TableContainer>
  );
}
