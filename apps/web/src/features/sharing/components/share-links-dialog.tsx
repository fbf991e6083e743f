import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useNotify } from '@/lib/notify';
import { useRevokeShareLink, useShareLinks } from '../api/share-links';
import { CreateShareLinkForm } from './create-share-link-form';
import { shareLinkStatus } from './share-link-status';

interface ShareLinksDialogProps {
  open: boolean;
  projectId: number;
  onClose: () => void;
}

/** A project's read-only links for outside parties: create one, copy it once, see views, revoke. */
export function ShareLinksDialog({ open, projectId, onClose }: ShareLinksDialogProps) {
  const titleId = useId();
  const links = useShareLinks(projectId, open);
  const revoke = useRevokeShareLink();
  const notify = useNotify();
  const [created, setCreated] = useState<string | null>(null);
  useEffect(() => {
    if (!open) setCreated(null);
  }, [open]);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Link copied');
    } catch {
      notify.info('Select the link and copy it yourself');
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Share links</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Anyone with a link sees this inspection&apos;s summary, photos with overlays and reports, without an
          account, until it expires or you revoke it.
        </DialogContentText>
        <CreateShareLinkForm projectId={projectId} onCreated={setCreated} />
        {created && (
          <Alert severity="success" sx={{ my: 2 }}>
            Copy the link now: it is shown only once.
            <TextField
              value={created}
              size="small"
              fullWidth
              sx={{ mt: 1 }}
              slotProps={{
                htmlInput: { readOnly: true, 'aria-label': 'New share link' },
                input: {
                  endAdornment: (
                    <IconButton aria-label="Copy the link" onClick={() => void copy(created)}>
                      <ContentCopyIcon />
                    </IconButton>
                  ),
                },
              }}
            />
          </Alert>
        )}
        <List aria-label="Share links of this project">
          {(links.data ?? []).length === 0 && (
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              No share links yet.
            </Typography>
          )}
          {(links.data ?? []).map((link) => (
            <ListItem
              key={link.id}
              divider
              secondaryAction={
                link.status === 'ACTIVE' && (
                  <Button
                    color="error"
                    size="small"
                    disabled={revoke.isPending}
                    onClick={() =>
                      revoke.mutate(
                        { projectId, linkId: link.id },
                        {
                          onSuccess: () => notify.success('Share link revoked'),
                          onError: (error) => notify.failure('Revoking the share link failed', error),
                        },
                      )
                    }
                  >
                    Revoke
                  </Button>
                )
              }
            >
              <ListItemText
                primary={link.label ?? 'No recipient named'}
                secondary={`${shareLinkStatus(link)} · by ${link.created_by ?? 'a former member'}`}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
