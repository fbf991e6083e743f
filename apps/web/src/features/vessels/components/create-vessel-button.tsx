import type { Country, Vessel } from '@hullscope/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNotify } from '@/lib/notify';
import { useCreateVessel } from '../api/create-vessel';
import { VesselFormDialog, emptyVesselValues } from './vessel-form-dialog';

export function CreateVesselButton({
  countries,
  onCreated,
}: {
  countries: Country[];
  onCreated?: (vessel: Vessel) => void;
}) {
  const [open, setOpen] = useState(false);
  const create = useCreateVessel();
  const notify = useNotify();

  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        Add Vessel
      </Button>
      <VesselFormDialog
        open={open}
        title="Add Vessel"
        submitLabel="Add"
        initialValues={emptyVesselValues}
        countries={countries}
        failureText="Vessel creation failed"
        onClose={() => setOpen(false)}
        onSave={async (values) => {
          const vessel = await create.mutateAsync(values);
          setOpen(false);
          notify.success('Vessel successfully created');
          onCreated?.(vessel);
        }}
      />
    </>
  );
}
