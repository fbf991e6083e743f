import ChecklistIcon from '@mui/icons-material/Checklist';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { InspectionAreasDialog } from './inspection-areas-dialog';

/** Opens the inspection's checklist of areas, its actions and the fuel estimate. */
export function InspectionAreasButton({ projectId }: { projectId: number | null }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ChecklistIcon />}
        disabled={projectId === null}
        onClick={() => setOpen(true)}
      >
        Areas &amp; Actions
      </Button>
      {projectId !== null && open && (
        <InspectionAreasDialog open={open} projectId={projectId} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
