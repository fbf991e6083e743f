import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { theme } from '@/app/theme';
import { ToastProvider, type ToastArea } from '@/components/ui/toast-provider';
import { AuthProvider } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';

interface RenderOptions {
  path?: string;
  route?: string;
  area?: ToastArea;
}

/** Renders a screen with the app's providers, a router at `path` and the toasts of `area`. */
export function renderWithApp(
  ui: ReactElement,
  { path = '/', route = '/', area = 'shell' }: RenderOptions = {},
) {
  const queryClient = createQueryClient();
  return {
    queryClient,
    ...render(
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <MemoryRouter initialEntries={[path]}>
              <ToastProvider area={area}>
                <Routes>
                  <Route path={route} element={ui} />
                  <Route path="*" element={<p>Elsewhere</p>} />
                </Routes>
              </ToastProvider>
            </MemoryRouter>
          </AuthProvider>
        </QueryClientProvider>
      </ThemeProvider>,
    ),
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers a call; `url` carries its query string (`?offset=&limit=`). */
type Handler = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;

/** Stubs fetch with answers keyed by "METHOD /path"; an unexpected call fails the test loudly. */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: { key: string; init: RequestInit | undefined; url: URL }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push({ key, init, url });
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected API call ${key}`);
    return handler(init, url);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, fetchStub };
}
