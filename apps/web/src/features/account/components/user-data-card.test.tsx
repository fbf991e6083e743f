import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '@/testing/render';
import { ChangePasswordCard } from './change-password-card';
import { UserDataCard } from './user-data-card';

const account = { id: 4, username: 'anna', email: 'anna@reederei.de', first_name: 'Anna', last_name: 'Berg' };

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
