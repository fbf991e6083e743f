import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { toastSettings } from '@/components/ui/toast-provider';
import { ApiError, type FieldLabels, fieldMessagesOf, reasonOf } from './api-errors';

/** Lines in a toast stay lines (a refused upload names each file on its own). */
const LINES = { style: { whiteSpace: 'pre-line' } } as const;

/**
 * Toasts in the variants of spec §8; `failure` writes the 'text: {reason}' form, one toast per
 * field message, each led by the form's label for its field; `failureLines` puts every message of
 * one failure on its own line in a single toast.
 */
export function useNotify() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(() => {
    const messagesOf = (error: unknown, labels?: FieldLabels) => {
      const fieldMessages = error instanceof ApiError ? fieldMessagesOf(error.data, labels) : [];
      return fieldMessages.length > 0 ? fieldMessages : [reasonOf(error)];
    };
    return {
      success: (message: string) => enqueueSnackbar(message, { variant: 'success', ...LINES }),
      /**
       * A success that leads into the app (signing in): placed and timed as the app's toasts from the
       * start, so it does not linger in the sign-in corner over the app's footer after the page changes.
       */
      successIntoApp: (message: string) =>
        enqueueSnackbar(message, {
          variant: 'success',
          anchorOrigin: toastSettings.shell.anchorOrigin,
          autoHideDuration: toastSettings.shell.autoHideDuration,
          ...LINES,
        }),
      info: (message: string) => enqueueSnackbar(message, { variant: 'info', ...LINES }),
      warning: (message: string) => enqueueSnackbar(message, { variant: 'warning', ...LINES }),
      error: (message: string) => enqueueSnackbar(message, { variant: 'error', ...LINES }),
      failure: (text: string, error: unknown, labels?: FieldLabels) => {
        for (const message of messagesOf(error, labels)) {
          enqueueSnackbar(`${text}: ${message}`, { variant: 'error', ...LINES });
        }
      },
      failureLines: (text: string, error: unknown, labels?: FieldLabels) => {
        const messages = messagesOf(error, labels);
        const reason = messages.length === 1 ? ` ${messages[0]}` : `\n${messages.join('\n')}`;
        enqueueSnackbar(`${text}:${reason}`, { variant: 'error', ...LINES });
      },
    };
  }, [enqueueSnackbar]);
}

export type Notify = ReturnType<typeof useNotify>;
