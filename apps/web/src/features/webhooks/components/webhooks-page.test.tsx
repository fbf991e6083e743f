import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { WebhooksPage } from './webhooks-page';

const endpoint = {
  id: 3,
  url: 'https://erp.reederei.example/hooks',
  description: 'ERP',
  events: ['images.uploaded'],
  credits_low_threshold: null,
  enabled: true,
  disabled_reason: null,
  disabled_at: null,
  previous_secret_expires_at: null,
  created_by: 'olga',
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};

const delivery = {
  id: 9,
  message_id: 'msg_1',
  event_type: 'images.uploaded',
  status: 'failed',
  attempt_count: 1,
  next_attempt_at: null,
  created_at: '2026-11-02T09:00:00.000Z',
  payload: { type: 'images.uploaded' },
  attempts: [
    {
      attempted_at: '2026-11-02T09:00:00.000Z',
      response_status: 502,
      duration_ms: 120,
      response_excerpt: 'Bad gateway',
      error: null,
    },
  ],
};

describe('the Webhooks page', () => {
  it('adds an endpoint with the events chosen and shows its secret once', async () => {
    const { calls } = stubApi({
      'GET /api/organisation/webhooks/': () => jsonResponse([]),
      'POST /api/organisation/webhooks/': () =>
        jsonResponse(
          { ...endpoint, events: ['credits.low'], credits_low_threshold: 100, secret: 'whsec_abc' },
          201,
        ),
    });
    renderWithApp(<WebhooksPage />);
    await screen.findByText('No webhook endpoints yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByText('Choose at least one event.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Endpoint URL'), endpoint.url);
    await userEvent.click(within(dialog).getByLabelText(/Credits below the threshold/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Signing secret') as HTMLInputElement).value).toBe('whsec_abc'),
    );
    const sent = calls.find((call) => call.key === 'POST /api/organisation/webhooks/');
    expect(JSON.parse(String(sent!.init?.body))).toEqual({
      url: endpoint.url,
      description: '',
      events: ['credits.low'],
      credits_low_threshold: 100,
    });
  });

  it('shows the delivery log with each attempt and resends a failed delivery', async () => {
    const { calls } = stubApi({
      'GET /api/organisation/webhooks/': () => jsonResponse([endpoint]),
      'GET /api/organisation/webhooks/3/deliveries/': () => jsonResponse([delivery]),
      'POST /api/organisation/webhooks/3/deliveries/9/resend/': () =>
        jsonResponse({ ...delivery, id: 10, status: 'pending', attempt_count: 0, attempts: [] }, 201),
    });
    renderWithApp(<WebhooksPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    expect(await within(log).findByText('Bad gateway')).toBeTruthy();
    expect(within(log).getByText(/HTTP 502 · 120 ms/)).toBeTruthy();
    await userEvent.click(within(log).getByRole('button', { name: 'Resend' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.key === 'POST /api/organisation/webhooks/3/deliveries/9/resend/'),
      ).toBe(true),
    );
  });
});
