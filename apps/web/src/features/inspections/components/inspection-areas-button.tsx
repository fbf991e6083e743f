import type { InspectedImage } from '@hullscope/contract';
import ChecklistIcon from '@mui/icons-material/Checklist';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { InspectionAreasDialog } from './inspection-areas-dialog';

interface InspectionAreasButtonProps {
  projectId: number | null;
  onOpenImage: (image: InspectedImage) => void;
}

/** Opens the inspection's checklist of areas, its actions and the fuel estimate; a pinned photo opens in the viewer. */
export function InspectionAreasButton({ projectId, onOpenImage }: InspectionAreasButtonProps) {
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
        <InspectionAreasDialog
          open={open}
          projectId={projectId}
          onClose={() => setOpen(false)}
          onOpenImage={(image) => {
            setOpen(false);
            onOpenImage(image);
          }}
        />
      )}
    </>
  );
}
