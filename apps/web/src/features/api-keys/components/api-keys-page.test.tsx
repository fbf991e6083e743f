import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { ApiKeysPage } from './api-keys-page';

const listed = {
  id: 3,
  name: 'Fleet system',
  prefix: 'hsk_Ab12Cd34',
  scopes: ['read', 'write'],
  created_by: { id: 1, name: 'olga' },
  created_at: '2026-11-01T09:00:00.000Z',
  last_used_at: '2026-11-20T10:00:00.000Z',
  last_used_address: '203.0.113.7',
  expires_at: null,
  revoked_at: null,
  status: 'ACTIVE',
};
const secret = `hsk_Zz99${'x'.repeat(39)}`;
const created = { ...listed, id: 4, name: 'ROV contractor', prefix: secret.slice(0, 12), secret };

describe('the API keys page', () => {
  it('creates a key with its scopes and expiry, and shows the secret once with a warning', async () => {
    const { calls } = stubApi({
      'GET /api/organisation/api-keys/': () => jsonResponse([listed]),
      'POST /api/organisation/api-keys/': () => jsonResponse(created, 201),
    });
    renderWithApp(<ApiKeysPage />);
    expect(await screen.findByText('hsk_Ab12Cd34…')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'ROV contractor');
    await userEvent.click(screen.getByLabelText(/^write:/));
    await userEvent.type(screen.getByLabelText('Expires on'), '2027-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByLabelText('New API key secret')).toHaveValue(secret);
    expect(screen.getByText(/shown only once/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the secret' })).toBeInTheDocument();
    const sent = calls.find((call) => call.key === 'POST /api/organisation/api-keys/');
    expect(JSON.parse(String(sent!.init?.body))).toEqual({
      name: 'ROV contractor',
      scopes: ['read', 'write'],
      expires_at: '2027-03-01',
    });
  });

  it('asks for no key without a scope', async () => {
    const { calls } = stubApi({ 'GET /api/organisation/api-keys/': () => jsonResponse([]) });
    renderWithApp(<ApiKeysPage />);
    await userEvent.type(screen.getByLabelText('Name'), 'Nothing');
    await userEvent.click(screen.getByLabelText(/^read:/));
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await screen.findByText('Choose at least one scope.');
    expect(calls.filter((call) => call.key.startsWith('POST'))).toHaveLength(0);
  });

  it('revokes a key only after confirmation', async () => {
    const { calls } = stubApi({
      'GET /api/organisation/api-keys/': () => jsonResponse([listed]),
      'POST /api/organisation/api-keys/3/revoke/': () =>
        jsonResponse({ ...listed, status: 'REVOKED', revoked_at: '2026-11-27T10:00:00.000Z' }),
    });
    renderWithApp(<ApiKeysPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this API key?' });
    expect(within(dialog).getByText(/stops working at once/)).toBeInTheDocument();
    expect(calls.filter((call) => call.key.includes('revoke'))).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.filter((call) => call.key.includes('revoke'))).toHaveLength(1));
  });
});
