import { SEA_CHEST_SIDES, seaChestSideLabels } from '@hullscope/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import type { VesselFormOutput, VesselFormValues } from './vessel-form-dialog';
import { PARTICULAR_FIELD_LABELS as LABELS } from './vessel-particulars-form';

const NOT_GIVEN = (
  <MenuItem value="">
    <em>Not given</em>
  </MenuItem>
);

/** The particulars the hull plan is drawn from (issue 40 §1); each may stay blank. */
export function VesselParticularsFields({
  control,
}: {
  control: Control<VesselFormValues, unknown, VesselFormOutput>;
}) {
  const decimal = { htmlInput: { inputMode: 'decimal' as const } };
  const numeric = { htmlInput: { inputMode: 'numeric' as const } };
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        Particulars (for the hull plan)
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr 1fr' }, columnGap: 2 }}>
        <FormTextField
          control={control}
          name="length_overall_m"
          label={LABELS.length_overall_m}
          slotProps={decimal}
        />
        <FormTextField control={control} name="beam_m" label={LABELS.beam_m} slotProps={decimal} />
        <FormTextField
          control={control}
          name="design_draught_m"
          label={LABELS.design_draught_m}
          slotProps={decimal}
        />
        <FormTextField control={control} name="propellers" label={LABELS.propellers} slotProps={numeric} />
        <FormTextField
          control={control}
          name="bow_thrusters"
          label={LABELS.bow_thrusters}
          slotProps={numeric}
        />
        <FormTextField
          control={control}
          name="stern_thrusters"
          label={LABELS.stern_thrusters}
          slotProps={numeric}
        />
        <FormTextField control={control} name="sea_chests" label={LABELS.sea_chests} slotProps={numeric} />
        <FormTextField control={control} name="sea_chest_side" label={LABELS.sea_chest_side} select>
          {NOT_GIVEN}
          {SEA_CHEST_SIDES.map((side) => (
            <MenuItem key={side} value={side}>
              {seaChestSideLabels[side]}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="inspection_interval_days"
          label={LABELS.inspection_interval_days}
          slotProps={numeric}
        />
        <FormTextField control={control} name="bilge_keels" label={LABELS.bilge_keels} select>
          {NOT_GIVEN}
          <MenuItem value="yes">Yes</MenuItem>
          <MenuItem value="no">No</MenuItem>
        </FormTextField>
        <FormTextField control={control} name="stabilisers" label={LABELS.stabilisers} select>
          {NOT_GIVEN}
          <MenuItem value="yes">Yes</MenuItem>
          <MenuItem value="no">No</MenuItem>
        </FormTextField>
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        Since the last inspection (contingency triggers)
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
        <FormTextField control={control} name="idle_days" label={LABELS.idle_days} slotProps={numeric} />
        <FormTextField
          control={control}
          name="outside_operating_profile"
          label={LABELS.outside_operating_profile}
          select
        >
          {NOT_GIVEN}
          <MenuItem value="yes">Yes</MenuItem>
          <MenuItem value="no">No</MenuItem>
        </FormTextField>
      </Box>
    </>
  );
}
