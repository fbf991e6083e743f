import {
  ACTION_URGENCIES,
  type ActionUrgency,
  type DecisionRule,
  MAX_DECISION_RULES,
  type RuleTrigger,
  actionUrgencyLabels,
  triggerLabel,
} from '@hullscope/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { ApiError, fieldMessagesOf, reasonOf } from '@/lib/api-errors';
import { useNotify } from '@/lib/notify';
import { useDecisionRules, useUpdateDecisionRules } from '../api/decision-rules';

/** Every trigger a rule may have, as the select offers them. */
const TRIGGERS: RuleTrigger[] = [
  ...[1, 2, 3, 4].map((rating): RuleTrigger => ({ kind: 'rating_at_least', rating })),
  { kind: 'antifouling', condition: 'minor_damage' },
  { kind: 'antifouling', condition: 'major_damage' },
  { kind: 'not_inspected' },
  { kind: 'idle_days_at_least', days: 30 },
  { kind: 'outside_operating_profile' },
];
/** The select's value: the trigger, but for idle days, whose number is a field of its own. */
const triggerKey = (trigger: RuleTrigger) =>
  trigger.kind === 'idle_days_at_least' ? trigger.kind : JSON.stringify(trigger);
const triggerOf = (key: string): RuleTrigger =>
  TRIGGERS.find((trigger) => triggerKey(trigger) === key) ?? { kind: 'not_inspected' };

/**
 * The account's decision rules (issue 40 §4): one action, urgency and basis per trigger; saved
 * whole. The API refuses two rules with one trigger and says which.
 */
export function DecisionRulesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const stored = useDecisionRules(open);
  const save = useUpdateDecisionRules();
  const notify = useNotify();
  const [rules, setRules] = useState<DecisionRule[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (open && stored.data) setRules(stored.data.rules);
  }, [open, stored.data]);

  const change = (index: number, patch: Partial<DecisionRule>) =>
    setRules((current) => current.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)));

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="decision-rules-title">
      <DialogTitle id="decision-rules-title">Decision rules</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Each area gets the action of the highest rating rule it reaches, the rule of its coating condition
          and, when not inspected, the contingency rule. The defaults follow the IMO 2023 Biofouling
          Guidelines (MEPC.378(80)).
        </Typography>
        {stored.isError && (
          <Alert severity="error">The rules could not be loaded: {reasonOf(stored.error)}</Alert>
        )}
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <Stack spacing={2}>
          {rules.map((rule, index) => (
            <Stack key={index} direction={{ xs: 'column', md: 'row' }} spacing={1} alignItems="flex-start">
              <TextField
                select
                size="small"
                label={`Trigger of rule ${index + 1}`}
                value={triggerKey(rule.trigger)}
                onChange={(event) => change(index, { trigger: triggerOf(event.target.value) })}
                sx={{ minWidth: 220 }}
              >
                {TRIGGERS.map((trigger) => (
                  <MenuItem key={triggerKey(trigger)} value={triggerKey(trigger)}>
                    {trigger.kind === 'idle_days_at_least' ? 'Idle for days or more' : triggerLabel(trigger)}
                  </MenuItem>
                ))}
              </TextField>
              {rule.trigger.kind === 'idle_days_at_least' && (
                <TextField
                  size="small"
                  type="number"
                  label={`Days of rule ${index + 1}`}
                  value={rule.trigger.days}
                  onChange={(event) =>
                    change(index, {
                      trigger: { kind: 'idle_days_at_least', days: Number(event.target.value) },
                    })
                  }
                  sx={{ width: 110 }}
                />
              )}
              <TextField
                size="small"
                label={`Action of rule ${index + 1}`}
                value={rule.action}
                onChange={(event) => change(index, { action: event.target.value })}
                sx={{ flex: 2 }}
              />
              <TextField
                select
                size="small"
                label={`Urgency of rule ${index + 1}`}
                value={rule.urgency}
                onChange={(event) => change(index, { urgency: event.target.value as ActionUrgency })}
                sx={{ minWidth: 200 }}
              >
                {ACTION_URGENCIES.map((urgency) => (
                  <MenuItem key={urgency} value={urgency}>
                    {actionUrgencyLabels[urgency]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label={`Basis of rule ${index + 1}`}
                value={rule.basis}
                onChange={(event) => change(index, { basis: event.target.value })}
                sx={{ flex: 2 }}
              />
              <IconButton
                aria-label={`Remove rule ${index + 1}`}
                onClick={() => setRules((current) => current.filter((_, at) => at !== index))}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          disabled={rules.length >= MAX_DECISION_RULES}
          onClick={() =>
            setRules((current) => [
              ...current,
              { trigger: { kind: 'not_inspected' }, action: '', urgency: 'next_opportunity', basis: '' },
            ])
          }
        >
          Add Rule
        </Button>
        <Button onClick={() => stored.data && setRules(stored.data.defaults)}>Restore Defaults</Button>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          loading={save.isPending}
          onClick={async () => {
            setProblem(null);
            try {
              await save.mutateAsync(rules);
              notify.success('Decision rules saved');
              onClose();
            } catch (error) {
              const messages = error instanceof ApiError ? fieldMessagesOf(error.data) : [];
              setProblem(messages.length > 0 ? messages.join(' ') : reasonOf(error));
            }
          }}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
