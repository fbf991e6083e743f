import { HULL_ZONES, type HullZone, hullZoneLabels } from '@hullscope/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export const UNASSIGNED_LABEL = 'Unassigned';

type HullZoneSelectProps = Omit<TextFieldProps, 'value' | 'onChange' | 'select' | 'children'> & {
  value: HullZone | null;
  onChange: (zone: HullZone | null) => void;
};

/** A select of the hull zones by their labels, with "Unassigned" (null) first. */
export function HullZoneSelect({ value, onChange, label = 'Hull zone', ...props }: HullZoneSelectProps) {
  return (
    <TextField
      {...props}
      select
      label={label}
      value={value ?? ''}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      onChange={(event) => {
        const picked = HULL_ZONES.find((zone) => zone === event.target.value);
        onChange(picked ?? null);
      }}
    >
      <MenuItem value="">
        <em>{UNASSIGNED_LABEL}</em>
      </MenuItem>
      {HULL_ZONES.map((zone) => (
        <MenuItem key={zone} value={zone}>
          {hullZoneLabels[zone]}
        </MenuItem>
      ))}
    </TextField>
  );
}
