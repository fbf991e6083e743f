import type { Member, OrganisationRole } from '@hullscope/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { MembersTable } from './members-table';

function member(user_id: number, username: string, role: OrganisationRole): Member {
  return {
    user_id,
    username,
    email: `${username}@nordsee-reederei.de`,
    first_name: username,
    last_name: 'Berg',
    role,
    joined_at: '2026-11-01T09:00:00.000Z',
  };
}

const members = [member(1, 'olga', 'owner'), member(2, 'arne', 'admin'), member(3, 'jonas', 'member')];

describe('the members table', () => {
  it('lets an admin change and remove members but not owners, and offers no owner role', async () => {
    const { calls } = stubApi({
      'PATCH /api/organisation/members/3/update/': () =>
        jsonResponse([members[0], members[1], { ...members[2], role: 'viewer' }]),
      'GET /api/organisation/': () =>
        jsonResponse({ id: 1, name: 'Nordsee', role: 'admin', members: 3, current: true }),
    });
    renderWithApp(<MembersTable members={members} role="admin" currentUserId={2} />);
    expect(screen.queryByRole('combobox', { name: 'Role of olga' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Role of arne' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove olga' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove jonas' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Role of jonas' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Viewer', 'Member', 'Admin']);
    await userEvent.click(screen.getByRole('option', { name: 'Viewer' }));
    await waitFor(() =>
      expect(calls.find((call) => call.key.startsWith('PATCH'))?.init?.body).toBe('{"role":"viewer"}'),
    );
  });

  it('lets an owner make owners', async () => {
    stubApi({});
    renderWithApp(<MembersTable members={members} role="owner" currentUserId={1} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Role of arne' }));
    expect(screen.getByRole('option', { name: 'Owner' })).toBeInTheDocument();
  });

  it('shows a viewer the roles as text, with nothing to change', () => {
    stubApi({});
    renderWithApp(<MembersTable members={members} role="viewer" currentUserId={3} />);
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    expect(screen.queryAllByRole('button', { name: /^Remove/ })).toHaveLength(0);
    expect(screen.getByRole('row', { name: /arne/ })).toHaveTextContent('Admin');
  });
});
