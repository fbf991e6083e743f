import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { DeleteAccount } from './delete-account';

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete Account' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Delete User Account' }) };
}

describe('Delete Account', () => {
  it('asks for the current password and says that purchased credits are lost', async () => {
    const { calls } = stubApi({});
    renderWithApp(<DeleteAccount />);
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(dialog).toHaveTextContent('unused credits, purchased ones included, are lost');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the password with the delete and shows a wrong one on the field', async () => {
    const { calls } = stubApi({
      'DELETE /api/user/delete/': () =>
        jsonResponse({ password: ['Your password was entered incorrectly. Please enter it again.'] }, 400),
    });
    renderWithApp(<DeleteAccount />);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Current Password', { exact: false }), 'Wrong-Pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    const toast = await screen.findByText(
      'Account deletion failed: Current Password: Your password was entered incorrectly. Please enter it again.',
    );
    expect(toast).toBeInTheDocument();
    expect(
      within(dialog).getByText('Your password was entered incorrectly. Please enter it again.'),
    ).toBeInTheDocument();
    expect(calls.map((call) => [call.key, JSON.parse(String(call.init?.body))])).toEqual([
      ['DELETE /api/user/delete/', { password: 'Wrong-Pass-1' }],
    ]);
  });

  it('deletes with the right password and goes to the login', async () => {
    stubApi({
      'DELETE /api/user/delete/': () => jsonResponse({ message: 'Your account was successfully deleted' }),
    });
    renderWithApp(<DeleteAccount />);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Current Password', { exact: false }), 'Right-Pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(screen.getByText('Your account was successfully deleted')).toBeInTheDocument();
  });
});
