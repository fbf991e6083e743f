import { zodResolver } from '@hookform/resolvers/zod';
import { type Country, type Vessel, VesselCreateRequest, grossTonnageText } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '@/components/form/form-text-field';
import { ApiError, fieldErrorsOf } from '@/lib/api-errors';
import { useNotify } from '@/lib/notify';
import { VesselParticularsFields } from './vessel-particulars-fields';
import {
  PARTICULAR_FIELD_LABELS,
  emptyParticularValues,
  particularFormFields,
  particularFormValues,
} from './vessel-particulars-form';

/**
 * The API's create body, with gross tonnage typed into a text field: blank is "not given" (null),
 * digits, grouped or not ("24,500", "24 500"), are the number, anything else is refused with the
 * contract's message.
 */
export const VesselForm = VesselCreateRequest.extend({
  gross_tonnage: grossTonnageText,
  ...particularFormFields,
});
export type VesselFormValues = z.input<typeof VesselForm>;
export type VesselFormOutput = z.output<typeof VesselForm>;

const fieldNames = [
  'name',
  'imo_number',
  'flag',
  'vessel_type',
  'gross_tonnage',
  'antifouling_system',
  ...(Object.keys(PARTICULAR_FIELD_LABELS) as (keyof typeof PARTICULAR_FIELD_LABELS)[]),
] as const;

export const emptyVesselValues: VesselFormValues = {
  name: '',
  imo_number: '',
  flag: '',
  vessel_type: '',
  gross_tonnage: '',
  antifouling_system: '',
  ...emptyParticularValues,
};

export function vesselFormValues(vessel: Vessel): VesselFormValues {
  return {
    name: vessel.name,
    imo_number: vessel.imo_number ?? '',
    flag: vessel.flag ?? '',
    vessel_type: vessel.vessel_type ?? '',
    gross_tonnage: vessel.gross_tonnage === null ? '' : String(vessel.gross_tonnage),
    antifouling_system: vessel.antifouling_system ?? '',
    ...particularFormValues(vessel),
  };
}

/** The form's labels for the API's field names, for failure toasts (never an API name in front of a user). */
const VESSEL_FIELD_LABELS = {
  name: 'Name',
  imo_number: 'IMO Number',
  flag: 'Flag',
  vessel_type: 'Vessel Type',
  gross_tonnage: 'Gross Tonnage',
  antifouling_system: 'Antifouling System',
  ...PARTICULAR_FIELD_LABELS,
} as const;

interface VesselFormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  initialValues: VesselFormValues;
  countries: Country[];
  /** Saves the values; a rejection with field errors shows them under their fields. */
  onSave: (values: VesselFormOutput) => Promise<unknown>;
  /** The toast's text when saving fails, e.g. 'Vessel creation failed'. */
  failureText: string;
  onClose: () => void;
}

/** Name is required ('Please enter a name'); the IMO number's check digit is checked here and by the API. */
export function VesselFormDialog({
  open,
  title,
  submitLabel,
  initialValues,
  countries,
  onSave,
  failureText,
  onClose,
}: VesselFormDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const { control, handleSubmit, reset, setError, formState } = useForm<
    VesselFormValues,
    unknown,
    VesselFormOutput
  >({ defaultValues: initialValues, resolver: zodResolver(VesselForm) });

  useEffect(() => {
    if (open) reset(initialValues);
  }, [open, initialValues, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (error) {
      const fields = error instanceof ApiError ? fieldErrorsOf(error.data) : null;
      for (const [field, messages] of Object.entries(fields ?? {})) {
        const known = fieldNames.find((name) => name === field);
        if (known) setError(known, { message: messages.join(' ') });
      }
      notify.failure(failureText, error, VESSEL_FIELD_LABELS);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <FormTextField control={control} name="name" label="Name" required autoFocus />
          <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
            <FormTextField
              control={control}
              name="imo_number"
              label="IMO Number"
              helperText="7 digits, e.g. IMO 9074729"
            />
            <FormTextField control={control} name="flag" label="Flag" select>
              <MenuItem value="">
                <em>Not given</em>
              </MenuItem>
              {countries.map((country) => (
                <MenuItem key={country.code} value={country.code}>
                  {country.name}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name="vessel_type"
              label="Vessel Type"
              helperText="e.g. Bulk carrier, Container ship, Tug"
            />
            <FormTextField
              control={control}
              name="gross_tonnage"
              label="Gross Tonnage"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Box>
          <FormTextField
            control={control}
            name="antifouling_system"
            label="Antifouling System"
            helperText="e.g. the coating and when it was applied"
          />
          <VesselParticularsFields control={control} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
