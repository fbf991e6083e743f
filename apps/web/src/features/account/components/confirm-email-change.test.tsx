import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { ConfirmEmailChange } from './confirm-email-change';

const page = { path: '/confirm-email-change?uid=4&token=abc', route: '/confirm-email-change' };

describe('the page of the link mailed to a new e-mail address', () => {
  it('confirms once with the link’s uid and token, says so and leaves for the account page', async () => {
    const { calls } = stubApi({
      'POST /api/user/confirm-email-change/': () =>
        jsonResponse({ message: 'Your e-mail address is now anna.berg@reederei-nord.de.' }),
    });
    renderWithApp(<ConfirmEmailChange />, page);
    expect(
      await screen.findByText('Your e-mail address is now anna.berg@reederei-nord.de.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ uid: '4', token: 'abc' });
  });

  it('tells why a refused link did not change the address', async () => {
    stubApi({
      'POST /api/user/confirm-email-change/': () =>
        jsonResponse({ non_field_errors: ['A user with that email already exists.'] }, 400),
    });
    renderWithApp(<ConfirmEmailChange />, page);
    expect(
      await screen.findByText(
        'Your e-mail address could not be changed: A user with that email already exists.',
        {
          selector: '.MuiAlert-message',
        },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account/');
  });
});
