import type { InspectedImage } from '@hullscope/contract';
import AssessmentIcon from '@mui/icons-material/Assessment';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { InspectionSummaryDialog } from './inspection-summary-dialog';

interface InspectionSummaryButtonProps {
  projectId: number | null;
  requestRunning: boolean;
  onOpenImage: (image: InspectedImage) => void;
}

/** Opens the project's inspection summary; a photo chosen there opens in the viewer. */
export function InspectionSummaryButton({
  projectId,
  requestRunning,
  onOpenImage,
}: InspectionSummaryButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<AssessmentIcon />}
        disabled={projectId === null}
        onClick={() => setOpen(true)}
      >
        Inspection Summary
      </Button>
      {projectId !== null && (
        <InspectionSummaryDialog
          open={open}
          projectId={projectId}
          requestRunning={requestRunning}
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
