import {
  ANTIFOULING_CONDITIONS,
  type AntifoulingCondition,
  type InspectionArea,
  type InspectionAreaUpdate,
  NOT_INSPECTED_REASONS,
  antifoulingConditionLabels,
  notInspectedReasonLabels,
} from '@hullscope/contract';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

/** The status and reason in one choice, so an area is never marked not inspected without a reason. */
function statusValue(area: InspectionArea): string {
  if (area.status === 'not_inspected') return `not_inspected:${area.not_inspected_reason}`;
  return area.status ?? '';
}

function statusChange(value: string): InspectionAreaUpdate {
  if (value === '') return { status: null };
  if (value === 'inspected') return { status: 'inspected' };
  const reason = value.split(':')[1] as (typeof NOT_INSPECTED_REASONS)[number];
  return { status: 'not_inspected', not_inspected_reason: reason };
}

interface AreaRowProps {
  area: InspectionArea;
  onChange: (change: InspectionAreaUpdate) => void;
}

/** One area of the checklist, each choice saved as it is made, the notes when the field is left. */
export function AreaRow({ area, onChange }: AreaRowProps) {
  const [notes, setNotes] = useState(area.notes ?? '');
  const notInspected = area.status === 'not_inspected';
  return (
    <TableRow data-zone={area.hull_zone}>
      <TableCell>
        <Typography variant="body2">{area.zone_label}</Typography>
        <Typography variant="caption" color="text.secondary">
          {area.kind === 'niche' ? 'Niche area' : 'Hull zone'} · {area.photo_count} photo
          {area.photo_count === 1 ? '' : 's'}
        </Typography>
      </TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          label={`Status of ${area.zone_label}`}
          value={statusValue(area)}
          onChange={(event) => onChange(statusChange(event.target.value))}
          sx={{ minWidth: 220 }}
          helperText={area.status_from_photos ? 'From its photos' : undefined}
        >
          <MenuItem value="">
            <em>Not recorded</em>
          </MenuItem>
          <MenuItem value="inspected">Inspected</MenuItem>
          {NOT_INSPECTED_REASONS.map((reason) => (
            <MenuItem key={reason} value={`not_inspected:${reason}`}>
              Not inspected: {notInspectedReasonLabels[reason].toLowerCase()}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
      <TableCell>
        {area.rating?.source === 'photos' ? (
          <Chip size="small" label={`${area.rating.value}: ${area.rating.label} (photos)`} />
        ) : (
          <TextField
            select
            size="small"
            label={`Inspector rating of ${area.zone_label}`}
            value={area.inspector_rating === null ? '' : String(area.inspector_rating)}
            disabled={notInspected}
            onChange={(event) =>
              onChange({ inspector_rating: event.target.value === '' ? null : Number(event.target.value) })
            }
            sx={{ minWidth: 150 }}
            helperText={area.rating?.source === 'inspector' ? 'Entered by the inspector' : undefined}
          >
            <MenuItem value="">
              <em>None</em>
            </MenuItem>
            {[0, 1, 2, 3, 4].map((value) => (
              <MenuItem key={value} value={String(value)}>
                {value}
              </MenuItem>
            ))}
          </TextField>
        )}
      </TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          label={`Antifouling of ${area.zone_label}`}
          value={area.antifouling_condition}
          onChange={(event) =>
            onChange({ antifouling_condition: event.target.value as AntifoulingCondition })
          }
          sx={{ minWidth: 150 }}
        >
          {ANTIFOULING_CONDITIONS.map((condition) => (
            <MenuItem key={condition} value={condition}>
              {antifoulingConditionLabels[condition]}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          label={`Notes on ${area.zone_label}`}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          onBlur={() => {
            if (notes !== (area.notes ?? '')) onChange({ notes: notes === '' ? null : notes });
          }}
        />
      </TableCell>
      <TableCell>
        {area.actions.map((action) => (
          <Typography key={action.rule} variant="body2">
            {action.action}{' '}
            <Typography component="span" variant="caption" color="text.secondary">
              ({action.rule})
            </Typography>
          </Typography>
        ))}
      </TableCell>
    </TableRow>
  );
}
