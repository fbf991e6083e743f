import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { reasonOf } from './api-errors';

/** Toasts in the variants of spec §8; `failure` writes the 'text: {reason}' form. */
export function useNotify() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) => enqueueSnackbar(message, { variant: 'success' }),
      info: (message: string) => enqueueSnackbar(message, { variant: 'info' }),
      warning: (message: string) => enqueueSnackbar(message, { variant: 'warning' }),
      error: (message: string) => enqueueSnackbar(message, { variant: 'error' }),
      failure: (text: string, error: unknown) =>
        enqueueSnackbar(`${text}: ${reasonOf(error)}`, { variant: 'error' }),
    }),
    [enqueueSnackbar],
  );
}

export type Notify = ReturnType<typeof useNotify>;
