import type { ApiKeyCreated } from '@hullscope/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useNotify } from '@/lib/notify';

/** A new key's secret, shown this once: the server keeps only its hash. */
export function NewApiKeySecret({ apiKey }: { apiKey: ApiKeyCreated }) {
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey.secret);
      notify.success('Secret copied');
    } catch {
      notify.info('Select the secret and copy it yourself');
    }
  };
  return (
    <Alert severity="warning" sx={{ mb: 3 }}>
      <AlertTitle>Copy the secret of “{apiKey.name}” now</AlertTitle>
      It is shown only once and cannot be shown again. Anyone who has it acts in this organisation with the
      key&apos;s scopes: keep it out of code and chats, and revoke the key if it leaks.
      <TextField
        value={apiKey.secret}
        size="small"
        fullWidth
        sx={{ mt: 1 }}
        slotProps={{
          htmlInput: { readOnly: true, 'aria-label': 'New API key secret' },
          input: {
            endAdornment: (
              <IconButton aria-label="Copy the secret" onClick={() => void copy()}>
                <ContentCopyIcon />
              </IconButton>
            ),
          },
        }}
      />
    </Alert>
  );
}
