import { act, render, screen, waitFor } from '@testing-library/react';
import { enqueueSnackbar } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNotify } from '@/lib/notify';
import { TOASTS_BELOW_APP_BAR, ToastProvider, toastSettings, type ToastArea } from './toast-provider';

function renderToasts(area: ToastArea) {
  render(
    <ToastProvider area={area}>
      <p>page</p>
    </ToastProvider>,
  );
}

function visibleToasts(): string[] {
  return screen.queryAllByRole('alert').map((toast) => toast.textContent ?? '');
}

afterEach(() => {
  vi.useRealTimers();
});

/** Advances fake time in small steps, so timers set by effects after a transition start on time. */
function advance(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 25) act(() => void vi.advanceTimersByTime(25));
}

describe('toasts (spec §9)', () => {
  it('show at most 3 in the account access area, dismissing the oldest first', async () => {
    renderToasts('auth');
    act(() => {
      for (const number of [1, 2, 3, 4]) enqueueSnackbar(`Toast ${number}`);
    });
    await waitFor(() => expect(visibleToasts()).toEqual(['Toast 2', 'Toast 3', 'Toast 4']), {
      timeout: 3000,
    });
  });

  it('show at most 5 in the main application, dismissing the oldest first', async () => {
    renderToasts('shell');
    act(() => {
      for (const number of [1, 2, 3, 4, 5, 6, 7]) enqueueSnackbar(`Toast ${number}`);
    });
    await waitFor(
      () => expect(visibleToasts()).toEqual(['Toast 3', 'Toast 4', 'Toast 5', 'Toast 6', 'Toast 7']),
      { timeout: 3000 },
    );
  });

  it('hide by themselves after 5000 ms in the account access area', () => {
    vi.useFakeTimers();
    renderToasts('auth');
    act(() => void enqueueSnackbar('Auth toast'));
    advance(4900);
    expect(visibleToasts()).toEqual(['Auth toast']);
    advance(600);
    expect(visibleToasts()).toEqual([]);
  });

  it('are placed bottom-left with 225/195 ms transitions for visitors and top-right in the shell', () => {
    expect(toastSettings.auth).toMatchObject({
      anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
      maxSnack: 3,
      autoHideDuration: 5000,
      transitionDuration: { enter: 225, exit: 195 },
    });
    expect(toastSettings.shell).toMatchObject({
      anchorOrigin: { vertical: 'top', horizontal: 'right' },
      maxSnack: 5,
      autoHideDuration: 3000,
    });
  });

  it('hide by themselves after 3000 ms in the shell', () => {
    vi.useFakeTimers();
    renderToasts('shell');
    act(() => void enqueueSnackbar('Shell toast'));
    advance(2900);
    expect(visibleToasts()).toEqual(['Shell toast']);
    advance(600);
    expect(visibleToasts()).toEqual([]);
  });

  it('start below the top bar in the shell, so they never cover the credit badge', async () => {
    renderToasts('shell');
    act(() => void enqueueSnackbar('Credits added'));
    const toast = await screen.findByRole('alert');
    const container = toast.closest(`.${TOASTS_BELOW_APP_BAR}`);
    expect(container).not.toBeNull();
    expect(getComputedStyle(container!).top).toBe('64px');
  });

  it("a toast that leads into the app is placed and timed as the app's, even when raised in the sign-in area", () => {
    vi.useFakeTimers();
    function SignIn() {
      const notify = useNotify();
      return (
        <button type="button" onClick={() => notify.successIntoApp('Logged in successfully')}>
          Sign in
        </button>
      );
    }
    render(
      <ToastProvider area="auth">
        <SignIn />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Sign in' }).click());
    const toast = screen.getByRole('alert');
    expect(toast.closest(`.${TOASTS_BELOW_APP_BAR}`)).not.toBeNull();
    advance(2900);
    expect(visibleToasts()).toEqual(['Logged in successfully']);
    // Gone after the app's 3000 ms, not the sign-in area's 5000.
    advance(600);
    expect(visibleToasts()).toEqual([]);
  });
});
