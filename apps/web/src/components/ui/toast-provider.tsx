import CloseIcon from '@mui/icons-material/Close';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import { closeSnackbar, SnackbarProvider, type SnackbarProviderProps } from 'notistack';
import type { ReactNode } from 'react';

export type ToastArea = 'auth' | 'shell';

/** Spec §9: where toasts appear, how many at once and for how long, per area of the app. */
export const toastSettings = {
  auth: {
    anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
    maxSnack: 3,
    autoHideDuration: 5000,
    transitionDuration: { enter: 225, exit: 195 },
  },
  shell: {
    anchorOrigin: { vertical: 'top', horizontal: 'right' },
    maxSnack: 5,
    autoHideDuration: 3000,
  },
} as const satisfies Record<ToastArea, Partial<SnackbarProviderProps>>;

/**
 * The app's toasts start below its top bar (64 px, 56 on phones) rather than over it: at the top
 * right they would otherwise cover the credit badge just when a purchase or a run changes it.
 */
export const TOASTS_BELOW_APP_BAR = 'hullscope-toasts-below-app-bar';
const belowAppBar = (
  <GlobalStyles
    styles={(theme) => ({
      [`.${TOASTS_BELOW_APP_BAR}`]: {
        top: '64px !important',
        [theme.breakpoints.down('sm')]: { top: '56px !important' },
      },
    })}
  />
);

export function ToastProvider({ area, children }: { area: ToastArea; children: ReactNode }) {
  return (
    <SnackbarProvider
      {...toastSettings[area]}
      classes={{ containerAnchorOriginTopRight: TOASTS_BELOW_APP_BAR }}
      action={(key) => (
        <IconButton size="small" color="inherit" aria-label="Dismiss" onClick={() => closeSnackbar(key)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    >
      {belowAppBar}
      {children}
    </SnackbarProvider>
  );
}
