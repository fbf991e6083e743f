import { zodResolver } from '@hookform/resolvers/zod';
import {
  INSPECTION_METHODS,
  INSPECTOR_MAX_LENGTH,
  ProjectCreateRequest,
  VISIBILITIES,
  inspectionMethodLabels,
  latestInspectionDate,
  visibilityLabels,
} from '@hullscope/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useEffect, useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormChoiceField, FormDateField } from '@/components/form/form-optional-fields';
import { FormTextField } from '@/components/form/form-text-field';
import { useVesselOptions } from '../api/get-vessel-options';

const methodChoices = INSPECTION_METHODS.map((value) => ({ value, label: inspectionMethodLabels[value] }));
const visibilityChoices = VISIBILITIES.map((value) => ({ value, label: visibilityLabels[value] }));

export type ProjectFormValues = z.input<typeof ProjectCreateRequest>;

interface ProjectFormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  initialValues: ProjectFormValues;
  busy: boolean;
  onSubmit: (values: ProjectCreateRequest) => void;
  onClose: () => void;
  /** Extra actions on the left, e.g. Delete in the edit dialog. */
  extraAction?: ReactNode;
}

/**
 * Name and location are required ('Please enter a name' / 'Please enter a location'), spec §5; the
 * "Inspection details" section (issue 18 §2) is optional throughout.
 */
export function ProjectFormDialog({
  open,
  title,
  submitLabel,
  initialValues,
  busy,
  onSubmit,
  onClose,
  extraAction,
}: ProjectFormDialogProps) {
  const titleId = useId();
  const detailsId = useId();
  const vessels = useVesselOptions();
  const { control, handleSubmit, reset } = useForm<ProjectFormValues, unknown, ProjectCreateRequest>({
    defaultValues: initialValues,
    resolver: zodResolver(ProjectCreateRequest),
  });

  useEffect(() => {
    if (open) reset(initialValues);
  }, [open, initialValues, reset]);

  // The vessels GET /api/vessels/ answers; none (no select) where it is missing or fails. A vessel
  // the project names that the list lacks stays choosable, by its id.
  const vesselChoices = (vessels.data ?? []).map((vessel) => ({ value: vessel.id, label: vessel.name }));
  const currentVessel = initialValues.vessel;
  if (typeof currentVessel === 'number' && !vesselChoices.some((choice) => choice.value === currentVessel)) {
    vesselChoices.push({ value: currentVessel, label: `Vessel ${currentVessel}` });
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <FormTextField control={control} name="name" label="Name" required autoFocus />
          <FormTextField control={control} name="location" label="Location" required />
          <FormTextField control={control} name="description" label="Description" multiline minRows={3} />
          <Divider sx={{ my: 2 }} />
          <Typography variant="subtitle1" component="h3" id={detailsId} sx={{ fontWeight: 600 }}>
            Inspection details
          </Typography>
          <Box
            role="group"
            aria-labelledby={detailsId}
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 1 }}
          >
            {vesselChoices.length > 0 && (
              <FormChoiceField control={control} name="vessel" label="Vessel" choices={vesselChoices} />
            )}
            <FormDateField
              control={control}
              name="inspection_date"
              label="Inspection date"
              slotProps={{ htmlInput: { max: latestInspectionDate() } }}
            />
            <FormChoiceField
              control={control}
              name="inspection_method"
              label="Inspection method"
              choices={methodChoices}
            />
            <FormTextField
              control={control}
              name="inspector"
              label="Inspector"
              helperText="Person or organisation"
              slotProps={{ htmlInput: { maxLength: INSPECTOR_MAX_LENGTH } }}
            />
            <FormChoiceField
              control={control}
              name="visibility"
              label="Visibility"
              choices={visibilityChoices}
            />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {extraAction}
          <Box sx={{ flex: 1 }} />
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
