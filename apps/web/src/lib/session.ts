import type { TokenStore } from './token-store';

export type AuthStatus = 'unknown' | 'authenticated' | 'unauthenticated';

/** The `exp` claim (seconds since the epoch) of a JWT, or null when absent or unreadable. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const claims: unknown = JSON.parse(atob(padded));
    if (claims !== null && typeof claims === 'object' && 'exp' in claims && typeof claims.exp === 'number') {
      return claims.exp;
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * Spec §4: no access token → unauthenticated; expired or without `exp` → one refresh attempt
 * (which stores the new access token on success); otherwise authenticated.
 */
export async function checkSession(
  tokens: TokenStore,
  refresh: () => Promise<boolean>,
  nowMs: number = Date.now(),
): Promise<Exclude<AuthStatus, 'unknown'>> {
  const access = tokens.getAccess();
  if (!access) return 'unauthenticated';
  const exp = tokenExpiry(access);
  if (exp !== null && exp * 1000 > nowMs) return 'authenticated';
  return (await refresh()) ? 'authenticated' : 'unauthenticated';
}
