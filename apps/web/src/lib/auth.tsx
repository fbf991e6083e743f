import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api } from './api';
import { checkSession, type AuthStatus } from './session';
import { tokenStore } from './token-store';

interface AuthContextValue {
  status: AuthStatus;
  /** Stores both tokens after a login or password change; the state becomes authenticated. */
  signIn: (tokens: { access: string; refresh: string }) => void;
  /** Clears local storage and cached data; the guards then send the visitor to /user/login. */
  signOut: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AuthStatus>('unknown');

  const signOut = useCallback(() => {
    tokenStore.clear();
    queryClient.clear();
    setStatus('unauthenticated');
  }, [queryClient]);

  const signIn = useCallback((tokens: { access: string; refresh: string }) => {
    tokenStore.setTokens(tokens);
    setStatus('authenticated');
  }, []);

  useEffect(() => {
    api.setSessionExpiredHandler(signOut);
    let active = true;
    void checkSession(tokenStore, api.refreshAccessToken).then((checked) => {
      if (active) setStatus(checked);
    });
    return () => {
      active = false;
    };
  }, [signOut]);

  const value = useMemo(() => ({ status, signIn, signOut }), [status, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}
