import { DEFAULT_DECISION_RULES } from '@hullscope/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { DecisionRulesDialog } from './decision-rules-dialog';

const answer = (rules = DEFAULT_DECISION_RULES) => ({
  rules,
  is_default: rules === DEFAULT_DECISION_RULES,
  defaults: DEFAULT_DECISION_RULES,
  updated_at: null,
});

describe('the decision rules', () => {
  it('edits an action and an idle-days threshold, and saves the whole list', async () => {
    const api = stubApi({
      'GET /api/decision-rules/': () => jsonResponse(answer()),
      'PUT /api/decision-rules/update/': (init) => jsonResponse(answer(JSON.parse(String(init?.body)).rules)),
    });
    const user = userEvent.setup();
    renderWithApp(<DecisionRulesDialog open onClose={() => undefined} />);
    const action = await screen.findByLabelText('Action of rule 2');
    expect(action).toHaveValue('In-water cleaning with capture recommended');
    await user.clear(action);
    await user.type(action, 'Diver cleaning with capture at the next port');
    const days = screen.getByLabelText(`Days of rule ${DEFAULT_DECISION_RULES.length - 1}`);
    await user.clear(days);
    await user.type(days, '45');
    await user.click(screen.getByRole('button', { name: 'Remove rule 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Decision rules saved')).toBeInTheDocument();
    const put = api.calls.find((call) => call.key === 'PUT /api/decision-rules/update/');
    const sent = JSON.parse(String(put?.init?.body)).rules;
    expect(sent).toHaveLength(DEFAULT_DECISION_RULES.length - 1);
    expect(sent[0]).toMatchObject({
      trigger: { kind: 'rating_at_least', rating: 2 },
      action: 'Diver cleaning with capture at the next port',
    });
    expect(sent).toContainEqual(
      expect.objectContaining({ trigger: { kind: 'idle_days_at_least', days: 45 } }),
    );
  });

  it("shows the API's refusal of two rules with one trigger", async () => {
    const refusal = 'Rule 7 has the same trigger as rule 6: one trigger, one action.';
    stubApi({
      'GET /api/decision-rules/': () => jsonResponse(answer()),
      'PUT /api/decision-rules/update/': () => jsonResponse({ rules: [refusal] }, 400),
    });
    const user = userEvent.setup();
    renderWithApp(<DecisionRulesDialog open onClose={() => undefined} />);
    await screen.findByLabelText('Action of rule 1');
    await user.click(screen.getByRole('button', { name: 'Add Rule' }));
    await user.type(
      screen.getByLabelText(`Action of rule ${DEFAULT_DECISION_RULES.length + 1}`),
      'Something else',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(refusal));
  });
});
