import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@hullscope/contract';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';

export interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
  credits_low_threshold: number | null;
}

interface WebhookFormDialogProps {
  open: boolean;
  /** The endpoint being edited; a new one when absent. */
  endpoint?: WebhookEndpoint;
  busy: boolean;
  onSubmit: (values: WebhookFormValues) => void;
  onClose: () => void;
}

/** Adds or edits an endpoint: its URL, what it is for and the events it receives. */
export function WebhookFormDialog({ open, endpoint, busy, onSubmit, onClose }: WebhookFormDialogProps) {
  const titleId = useId();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? []);
  const [threshold, setThreshold] = useState(String(endpoint?.credits_low_threshold ?? 100));
  const [touched, setTouched] = useState(false);

  const urlProblem = url.trim() === '' ? 'Required' : URL.canParse(url.trim()) ? null : 'Enter a valid URL.';
  const eventsProblem = events.length === 0 ? 'Choose at least one event.' : null;
  const thresholdNumber = Number(threshold);
  const thresholdProblem =
    events.includes('credits.low') && !(Number.isInteger(thresholdNumber) && thresholdNumber >= 1)
      ? 'Enter a whole number of credits, at least 1.'
      : null;
  const toggle = (event: WebhookEventType) =>
    setEvents((chosen) => (chosen.includes(event) ? chosen.filter((e) => e !== event) : [...chosen, event]));
  const submit = () => {
    setTouched(true);
    if (urlProblem || eventsProblem || thresholdProblem) return;
    onSubmit({
      url: url.trim(),
      description: description.trim(),
      events,
      credits_low_threshold: events.includes('credits.low') ? thresholdNumber : null,
    });
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{endpoint ? 'Edit webhook endpoint' : 'Add webhook endpoint'}</DialogTitle>
      <DialogContent>
        <TextField
          label="Endpoint URL"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={touched && urlProblem !== null}
          helperText={(touched && urlProblem) || 'An https address that accepts POST requests'}
          fullWidth
          margin="normal"
          slotProps={{ htmlInput: { maxLength: WEBHOOK_LIMITS.urlLength } }}
        />
        <TextField
          label="Description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          helperText="Optional, e.g. the system that receives it"
          fullWidth
          margin="normal"
          slotProps={{ htmlInput: { maxLength: WEBHOOK_LIMITS.descriptionLength } }}
        />
        <FormControl component="fieldset" margin="normal" error={touched && eventsProblem !== null}>
          <FormLabel component="legend">Events</FormLabel>
          <FormGroup>
            {WEBHOOK_EVENT_TYPES.map((event) => (
              <FormControlLabel
                key={event}
                control={<Checkbox checked={events.includes(event)} onChange={() => toggle(event)} />}
                label={`${WEBHOOK_EVENT_LABELS[event]} (${event})`}
              />
            ))}
          </FormGroup>
          {touched && eventsProblem && <FormHelperText>{eventsProblem}</FormHelperText>}
        </FormControl>
        {events.includes('credits.low') && (
          <TextField
            label="Credits threshold"
            type="number"
            value={threshold}
            onChange={(event) => setThreshold(event.target.value)}
            error={touched && thresholdProblem !== null}
            helperText={
              (touched && thresholdProblem) || 'Sent when a charge takes the balance below this many credits'
            }
            fullWidth
            margin="normal"
            slotProps={{ htmlInput: { min: 1, max: WEBHOOK_LIMITS.maxThreshold } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} loading={busy}>
          {endpoint ? 'Save' : 'Add endpoint'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
