import { describe, expect, it, vi } from 'vitest';
import { checkSession, tokenExpiry } from './session';
import { createTokenStore } from './token-store';

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const nowSeconds = NOW / 1000;

function storeWith(access: string | null) {
  const tokens = createTokenStore(window.localStorage);
  if (access) tokens.setTokens({ access, refresh: 'refresh-token' });
  return tokens;
}

describe('the session check (spec §4)', () => {
  it('is unauthenticated without an access token, and does not try a refresh', async () => {
    const refresh = vi.fn(async () => true);
    await expect(checkSession(storeWith(null), refresh, NOW)).resolves.toBe('unauthenticated');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('is authenticated with an unexpired token, without a refresh', async () => {
    const refresh = vi.fn(async () => false);
    const tokens = storeWith(jwt({ exp: nowSeconds + 60 }));
    await expect(checkSession(tokens, refresh, NOW)).resolves.toBe('authenticated');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('tries one refresh for an expired token: success authenticates', async () => {
    const refresh = vi.fn(async () => true);
    await expect(checkSession(storeWith(jwt({ exp: nowSeconds - 1 })), refresh, NOW)).resolves.toBe(
      'authenticated',
    );
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('tries one refresh for an expired token: failure leaves the visitor unauthenticated', async () => {
    const refresh = vi.fn(async () => false);
    await expect(checkSession(storeWith(jwt({ exp: nowSeconds - 1 })), refresh, NOW)).resolves.toBe(
      'unauthenticated',
    );
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('treats a token without exp (or unreadable) as expired', async () => {
    const refresh = vi.fn(async () => false);
    await expect(checkSession(storeWith(jwt({ user_id: 1 })), refresh, NOW)).resolves.toBe('unauthenticated');
    await expect(checkSession(storeWith('not-a-jwt'), refresh, NOW)).resolves.toBe('unauthenticated');
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('reads exp in seconds from a base64url payload', () => {
    expect(tokenExpiry(jwt({ exp: 1_750_000_000, name: 'ÿþ??>' }))).toBe(1_750_000_000);
  });
});
