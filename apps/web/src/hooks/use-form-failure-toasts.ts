import { closeSnackbar, type SnackbarKey } from 'notistack';
import { useCallback, useEffect, useRef } from 'react';

/**
 * The failure toasts a form raised, closed when it succeeds or is left: one toast stack serves the
 * whole app, so a refused sign-in would otherwise follow the user into the app it let them into.
 */
export function useFormFailureToasts() {
  const keys = useRef<SnackbarKey[]>([]);
  const dismiss = useCallback(() => {
    for (const key of keys.current) closeSnackbar(key);
    keys.current = [];
  }, []);
  useEffect(() => dismiss, [dismiss]);
  const keep = useCallback((key: SnackbarKey) => {
    keys.current.push(key);
  }, []);
  return { keep, dismiss };
}
