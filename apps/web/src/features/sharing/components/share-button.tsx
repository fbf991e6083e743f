import ShareIcon from '@mui/icons-material/Share';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ShareLinksDialog } from './share-links-dialog';

/** Opens the project's share links (members and above: the page leaves it out for viewers). */
export function ShareButton({ projectId }: { projectId: number | null }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ShareIcon />}
        disabled={projectId === null}
        onClick={() => setOpen(true)}
      >
        Share
      </Button>
      {projectId !== null && (
        <ShareLinksDialog open={open} projectId={projectId} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
