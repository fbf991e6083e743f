import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { LoginForm } from './login-form';

describe('the login form', () => {
  it('stores both tokens, greets and goes to /', async () => {
    stubApi({ 'POST /api/token/': () => jsonResponse({ access: 'a.b.c', refresh: 'r.s.t' }) });
    const user = userEvent.setup();
    renderWithApp(<LoginForm />, { path: '/user/login', route: '/user/login', area: 'auth' });
    await user.type(screen.getByLabelText('username', { exact: false }), 'anna');
    await user.type(screen.getByLabelText('password', { exact: false }), 'secret-words');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Logged in successfully')).toBeInTheDocument();
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(window.localStorage.getItem('access_token')).toBe('a.b.c');
    expect(window.localStorage.getItem('refresh_token')).toBe('r.s.t');
  });

  it('shows the reason of a refused login', async () => {
    stubApi({
      'POST /api/token/': () =>
        jsonResponse({ detail: 'No active account found with the given credentials' }, 401),
    });
    const user = userEvent.setup();
    renderWithApp(<LoginForm />, { area: 'auth' });
    await user.type(screen.getByLabelText('username', { exact: false }), 'anna');
    await user.type(screen.getByLabelText('password', { exact: false }), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText(
        'Something went wrong, please check your credentials: No active account found with the given credentials',
      ),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('access_token')).toBeNull();
  });

  /** Signs in with a wrong password on the login page and answers the failure toast. */
  async function refusedSignIn() {
    stubApi({
      'POST /api/token/': () =>
        jsonResponse({ detail: 'No active account found with the given credentials' }, 401),
    });
    const user = userEvent.setup();
    renderWithApp(<LoginForm />, { path: '/user/login', route: '/user/login', area: 'auth' });
    await user.type(screen.getByLabelText('username', { exact: false }), 'anna');
    await user.type(screen.getByLabelText('password', { exact: false }), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    return { user, failure: await screen.findByText(/^Something went wrong/) };
  }

  it('closes its failure toasts when a later sign-in succeeds, so none follows the user into the app (issue 45 §9)', async () => {
    const { user, failure } = await refusedSignIn();
    stubApi({ 'POST /api/token/': () => jsonResponse({ access: 'a.b.c', refresh: 'r.s.t' }) });
    await user.clear(screen.getByLabelText('password', { exact: false }));
    await user.type(screen.getByLabelText('password', { exact: false }), 'secret-words');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Logged in successfully')).toBeInTheDocument();
    await waitFor(() => expect(failure).not.toBeInTheDocument());
  });

  it('closes its failure toasts when the user leaves for another page', async () => {
    const { user, failure } = await refusedSignIn();
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    await waitFor(() => expect(failure).not.toBeInTheDocument());
  });
});
