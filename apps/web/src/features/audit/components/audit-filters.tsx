import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { AuditFilters as Filters } from '../api/get-audit-events';
import { auditActionLabels } from './audit-actions';

export interface AuditActor {
  id: number;
  name: string;
}

interface AuditFiltersProps {
  value: Filters;
  actors: AuditActor[];
  onChange: (next: Filters) => void;
}

/** Actor, action and a range of days (UTC, both included). */
export function AuditFilters({ value, actors, onChange }: AuditFiltersProps) {
  const set = (field: keyof Filters) => (event: { target: { value: string } }) =>
    onChange({ ...value, [field]: event.target.value });
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
      <TextField
        select
        size="small"
        label="Actor"
        value={value.actor}
        onChange={set('actor')}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">Everyone</MenuItem>
        {actors.map((actor) => (
          <MenuItem key={actor.id} value={String(actor.id)}>
            {actor.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Action"
        value={value.action}
        onChange={set('action')}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value="">All actions</MenuItem>
        {Object.entries(auditActionLabels).map(([action, label]) => (
          <MenuItem key={action} value={action}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="date"
        label="From"
        value={value.from}
        onChange={set('from')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label="To"
        value={value.to}
        onChange={set('to')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Stack>
  );
}
