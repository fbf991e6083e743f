import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { DataExportCard } from './data-export-card';

const base = {
  id: 7,
  size_bytes: null,
  created_at: '2026-11-27T10:00:00.000Z',
  expires_at: null,
  error: null,
};

describe('Export Your Data', () => {
  it('starts an export, shows its progress and then says where the link went', async () => {
    const answers = [
      { ...base, status: 'RUNNING', progress: { done: 12, total: 40 } },
      {
        ...base,
        status: 'READY',
        progress: { done: 40, total: 40 },
        size_bytes: 1000,
        expires_at: '2026-11-28T10:00:00.000Z',
      },
    ];
    const { calls } = stubApi({
      'POST /api/user/export/': () =>
        jsonResponse({ ...base, status: 'QUEUED', progress: { done: 0, total: 0 } }, 201),
      'GET /api/user/export/7/': () => jsonResponse(answers.length > 1 ? answers.shift() : answers[0]),
    });
    renderWithApp(<DataExportCard email="ops@harbour-services.eu" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export all data' }));
    expect(await screen.findByText(/12 of 40 files/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export all data' })).toBeDisabled();
    expect(
      await screen.findByText(
        /The export is ready: the download link was sent to ops@harbour-services.eu/,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(calls[0]!.key).toBe('POST /api/user/export/');
  });

  it('says why an export cannot start', async () => {
    stubApi({
      'POST /api/user/export/': () =>
        jsonResponse(
          {
            detail:
              'An export is already being prepared: you will receive its link by e-mail when it is ready.',
          },
          409,
        ),
    });
    renderWithApp(<DataExportCard email="ops@harbour-services.eu" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export all data' }));
    expect(
      await screen.findByText(/The export could not be started: An export is already being prepared/),
    ).toBeInTheDocument();
  });
});
