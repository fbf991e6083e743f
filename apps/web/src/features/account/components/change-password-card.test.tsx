import { PASSWORD_RULES_HINT } from '@hullscope/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { ChangePasswordCard } from './change-password-card';

describe('Change Your Password', () => {
  it('states the password rules under the new password before anything is submitted', () => {
    stubApi({});
    renderWithApp(<ChangePasswordCard />);
    expect(screen.getByLabelText(/^New Password/)).toHaveAccessibleDescription(PASSWORD_RULES_HINT);
    expect(PASSWORD_RULES_HINT).toMatch(/At least 8 characters/);
    // The API revokes the user's API keys with the old password: say so before anyone submits.
    expect(screen.getByTestId('password-change-effects')).toHaveTextContent('revokes every API key you made');
  });

  it("names refused fields by the form's labels, one toast per message, and marks the fields", async () => {
    stubApi({
      'PUT /api/user/change-password/': () =>
        jsonResponse(
          {
            old_password: ['Your old password was entered incorrectly. Please enter it again.'],
            password: ['The password is too similar to the username.', 'This password is too common.'],
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderWithApp(<ChangePasswordCard />);
    await user.type(screen.getByLabelText('Current Password', { exact: false }), 'Old-Pass-1');
    await user.type(screen.getByLabelText(/^New Password/), 'anna-anna-1');
    await user.type(screen.getByLabelText('Repeat New Password', { exact: false }), 'anna-anna-1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await screen.findAllByRole('alert');
    const toasts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(toasts).toEqual(
      expect.arrayContaining([
        'Changing the password failed: Current Password: Your old password was entered incorrectly. Please enter it again.',
        'Changing the password failed: New Password: The password is too similar to the username.',
        'Changing the password failed: New Password: This password is too common.',
      ]),
    );
    expect(toasts.join(' ')).not.toMatch(/old_password|password:/);
    expect(screen.getByLabelText(/^New Password/)).toHaveAccessibleDescription(
      'The password is too similar to the username. This password is too common.',
    );
  });
});
