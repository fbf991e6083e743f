import type { Country, Vessel } from '@hullscope/contract';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState } from 'react';
import { useNotify } from '@/lib/notify';
import { useUpdateVessel } from '../api/update-vessel';
import { VesselFormDialog, vesselFormValues } from './vessel-form-dialog';

interface EditVesselButtonProps {
  vessel: Vessel;
  countries: Country[];
  /** An icon in a table row, or a labelled button on the vessel's page. */
  compact?: boolean;
}

/** Edit Vessel: every field, blank ones cleared. */
export function EditVesselButton({ vessel, countries, compact = false }: EditVesselButtonProps) {
  const [open, setOpen] = useState(false);
  const update = useUpdateVessel();
  const notify = useNotify();
  const initialValues = useMemo(() => vesselFormValues(vessel), [vessel]);
  const label = `Edit vessel '${vessel.name}'`;

  return (
    <>
      {compact ? (
        <Tooltip title="Edit">
          <IconButton aria-label={label} onClick={() => setOpen(true)}>
            <EditIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setOpen(true)}>
          Edit Vessel
        </Button>
      )}
      <VesselFormDialog
        open={open}
        title="Edit Vessel"
        submitLabel="Save"
        initialValues={initialValues}
        countries={countries}
        failureText="Vessel update failed"
        onClose={() => setOpen(false)}
        onSave={async (values) => {
          await update.mutateAsync({ id: vessel.id, ...values });
          setOpen(false);
          notify.success('Vessel successfully updated');
        }}
      />
    </>
  );
}
