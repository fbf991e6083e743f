import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse, stubApi } from '@/testing/render';
import { RedirectIfAuthenticated, RequireAuth } from './guards';
import { routeTree } from './router';

function jwt(exp: number): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ token_type: 'access', user_id: 1, exp })}.sig`;
}
const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

function renderAt(path: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="/user/login"
              element={
                <RedirectIfAuthenticated>
                  <p>Login page</p>
                </RedirectIfAuthenticated>
              }
            />
            <Route
              path="/"
              element={
                <RequireAuth>
                  <p>Shell page</p>
                </RequireAuth>
              }
            />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('route guards and the session check', () => {
  it('show a loading placeholder, then send a visitor without a token to /user/login', async () => {
    stubApi({});
    renderAt('/');
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it('let a visitor with a valid access token into the shell', async () => {
    stubApi({});
    window.localStorage.setItem('access_token', jwt(inSeconds(600)));
    renderAt('/');
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Shell page')).toBeInTheDocument();
  });

  it('refresh an expired access token once and keep the visitor signed in', async () => {
    const fresh = jwt(inSeconds(900));
    const { calls } = stubApi({ 'POST /api/token/refresh/': () => jsonResponse({ access: fresh }) });
    window.localStorage.setItem('access_token', jwt(inSeconds(-5)));
    window.localStorage.setItem('refresh_token', 'refresh');
    renderAt('/');
    expect(await screen.findByText('Shell page')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(window.localStorage.getItem('access_token')).toBe(fresh);
  });

  it('send the visitor to /user/login when the refresh is refused', async () => {
    stubApi({ 'POST /api/token/refresh/': () => jsonResponse({ detail: 'Token is invalid' }, 401) });
    window.localStorage.setItem('access_token', jwt(inSeconds(-5)));
    window.localStorage.setItem('refresh_token', 'refresh');
    renderAt('/');
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it('send an authenticated visitor of user/* to /', async () => {
    stubApi({});
    window.localStorage.setItem('access_token', jwt(inSeconds(600)));
    renderAt('/user/login');
    expect(await screen.findByText('Shell page')).toBeInTheDocument();
  });
});

describe('the route table', () => {
  function renderApp(path: string) {
    const router = createMemoryRouter(routeTree, { initialEntries: [path] });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>,
    );
  }

  it.each(['/no/such/page', '/legal/unknown/', '/user/unknown'])("shows 'Not Found' at %s", async (path) => {
    stubApi({});
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
  });

  it('opens the link mailed to a new e-mail address in a signed-in browser, without sending it away', async () => {
    const { calls } = stubApi({
      'POST /api/user/confirm-email-change/': () => jsonResponse({ token: ['This link has expired.'] }, 400),
    });
    window.localStorage.setItem('access_token', jwt(inSeconds(600)));
    renderApp('/confirm-email-change?uid=1&token=abc');
    expect(
      await screen.findByRole('heading', { name: 'Confirm your new e-mail address' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Go to your account' })).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toEqual(['POST /api/user/confirm-email-change/']);
  });

  it('shows the Terms of Use at /legal/', async () => {
    stubApi({});
    renderApp('/legal/');
    expect(await screen.findByRole('heading', { name: 'Terms of Use', level: 1 })).toBeInTheDocument();
  });

  it('loads a signed-in page on demand and renders it inside the shell (issue 21: lazy routes)', async () => {
    stubApi({
      'GET /api/user/': () =>
        jsonResponse({
          id: 1,
          username: 'ada',
          email: 'ada@shipyard.example',
          first_name: 'Ada',
          last_name: 'L',
        }),
      'GET /api/credits/': () => jsonResponse({ credits: 50 }),
    });
    window.localStorage.setItem('access_token', jwt(inSeconds(600)));
    renderApp('/help/');
    expect(await screen.findByRole('heading', { name: 'Help', level: 1 })).toBeInTheDocument();
  });
});
