import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { CreateShareLinkForm } from './create-share-link-form';

const created = {
  id: 5,
  label: 'DNV',
  created_by: 'olga',
  created_at: '2026-11-01T09:00:00.000Z',
  expires_at: '2026-12-01T09:00:00.000Z',
  revoked_at: null,
  status: 'ACTIVE',
  views: 0,
  last_viewed_at: null,
  url: 'http://hullscope.test/shared/abc',
};

describe('creating a share link', () => {
  it('sends the recipient and 30 days by default, and hands over the URL answered', async () => {
    const { calls } = stubApi({ 'POST /api/projects/7/share-links/': () => jsonResponse(created, 201) });
    const onCreated = vi.fn();
    renderWithApp(<CreateShareLinkForm projectId={7} onCreated={onCreated} />);
    await userEvent.type(screen.getByLabelText('Recipient'), 'DNV');
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created.url));
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({ label: 'DNV', expires_in_days: 30 });
  });

  it('refuses more than 366 days before asking the server', async () => {
    const { calls } = stubApi({});
    renderWithApp(<CreateShareLinkForm projectId={7} onCreated={vi.fn()} />);
    const days = screen.getByLabelText('Valid for (days)');
    await userEvent.clear(days);
    await userEvent.type(days, '367');
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await screen.findByText('Ensure this value is less than or equal to 366.');
    expect(calls).toHaveLength(0);
  });
});
