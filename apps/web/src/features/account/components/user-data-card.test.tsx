import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { ChangePasswordCard } from './change-password-card';
import { UserDataCard } from './user-data-card';

const account = { id: 4, username: 'anna', email: 'anna@reederei.de', first_name: 'Anna', last_name: 'Berg' };

/** The card fed from the user query, as the Account page feeds it. */
function Wired() {
  const { data } = useQuery({ queryKey: queryKeys.user, queryFn: () => account, staleTime: Infinity });
  return data ? <UserDataCard user={data} /> : null;
}

describe('the account forms', () => {
  it("shows the user id and refuses an invalid e-mail ('This is not a valid email.')", async () => {
    const { calls } = stubApi({});
    const user = userEvent.setup();
    renderWithApp(<UserDataCard user={account} />);
    expect(screen.getByRole('heading', { name: 'Your User Data (ID: 4)' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email', { exact: false });
    await user.clear(email);
    await user.type(email, 'anna.reederei.de');
    await user.clear(screen.getByLabelText('First Name', { exact: false }));
    await user.click(screen.getByRole('button', { name: 'Save User Data' }));
    expect(await screen.findByText('This is not a valid email.')).toBeInTheDocument();
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says that a new e-mail address awaits the link sent to it, and keeps showing the old one', async () => {
    const { calls } = stubApi({
      'PATCH /api/user/update/': () =>
        jsonResponse({ ...account, pending_email: 'anna.berg@reederei-nord.de' }),
    });
    const user = userEvent.setup();
    renderWithApp(<Wired />);
    const email = await screen.findByLabelText('Email', { exact: false });
    await user.clear(email);
    await user.type(email, 'anna.berg@reederei-nord.de');
    await user.click(screen.getByRole('button', { name: 'Save User Data' }));
    expect(await screen.findByText('Updated user data successfully')).toBeInTheDocument();
    const notice = await screen.findByText(/A confirmation link was sent to/);
    expect(notice).toHaveTextContent(
      'A confirmation link was sent to anna.berg@reederei-nord.de. Your e-mail address changes when you open it; until then it stays anna@reederei.de.',
    );
    expect(screen.getByLabelText('Email', { exact: false })).toHaveValue('anna@reederei.de');
    expect(JSON.parse(String(calls[0]?.init?.body))).toMatchObject({ email: 'anna.berg@reederei-nord.de' });
  });

  it('requires the old password and a matching repeat of the new one', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithApp(<ChangePasswordCard />);
    await user.type(
      screen.getByLabelText('New Password', { exact: false, selector: '[name=password]' }),
      'one',
    );
    await user.type(screen.getByLabelText('Repeat New Password', { exact: false }), 'two');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByText('Password repeat must equal the new password')).toBeInTheDocument();
  });
});
