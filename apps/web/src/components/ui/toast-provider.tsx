import CloseIcon from '@mui/icons-material/Close';
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

export function ToastProvider({ area, children }: { area: ToastArea; children: ReactNode }) {
  return (
    <SnackbarProvider
      {...toastSettings[area]}
      action={(key) => (
        <IconButton size="small" color="inherit" aria-label="Dismiss" onClick={() => closeSnackbar(key)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    >
      {children}
    </SnackbarProvider>
  );
}
