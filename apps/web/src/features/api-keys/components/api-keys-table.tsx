import type { ApiKey } from '@hullscope/contract';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

const when = (iso: string | null, none: string) => (iso === null ? none : new Date(iso).toLocaleString());

const STATUS_LABELS: Record<ApiKey['status'], string> = {
  ACTIVE: 'Active',
  REVOKED: 'Revoked',
  EXPIRED: 'Expired',
};

interface ApiKeysTableProps {
  keys: ApiKey[];
  onRevoke: (key: ApiKey) => void;
}

/** The organisation's keys, newest first: never the secret, only its first characters. */
export function ApiKeysTable({ keys, onRevoke }: ApiKeysTableProps) {
  if (keys.length === 0) return <Typography color="text.secondary">No API keys yet.</Typography>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="API keys">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Key</TableCell>
            <TableCell>Scopes</TableCell>
            <TableCell>Created by</TableCell>
            <TableCell>Last used</TableCell>
            <TableCell>Expires</TableCell>
            <TableCell>Status</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.map((key) => (
            <TableRow key={key.id}>
              <TableCell>{key.name}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{key.prefix}…</TableCell>
              <TableCell>{key.scopes.join(', ')}</TableCell>
              <TableCell>
                {key.created_by.name ?? 'a former member'}
                <Typography variant="body2" color="text.secondary">
                  {when(key.created_at, '')}
                </Typography>
              </TableCell>
              <TableCell>
                {when(key.last_used_at, 'Never')}
                {key.last_used_address && (
                  <Typography variant="body2" color="text.secondary">
                    from {key.last_used_address}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{when(key.expires_at, 'Never')}</TableCell>
              <TableCell>{STATUS_LABELS[key.status]}</TableCell>
              <TableCell align="right">
                {key.status === 'ACTIVE' && (
                  <Button color="error" size="small" onClick={() => onRevoke(key)}>
                    Revoke
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
