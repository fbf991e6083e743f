import { clearSessionValues } from './session-value';

/** The two keys of the local browser store (spec §3): the access and the refresh token. */
export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

export interface TokenStore {
  getAccess(): string | null;
  getRefresh(): string | null;
  setAccess(token: string): void;
  setTokens(tokens: { access: string; refresh: string }): void;
  /** Clears the whole local storage, as logout, registration and confirmation do (spec §2.2, §4). */
  clear(): void;
}

export function createTokenStore(storage: Storage): TokenStore {
  return {
    getAccess: () => storage.getItem(ACCESS_TOKEN_KEY),
    getRefresh: () => storage.getItem(REFRESH_TOKEN_KEY),
    setAccess: (token) => storage.setItem(ACCESS_TOKEN_KEY, token),
    setTokens: ({ access, refresh }) => {
      storage.setItem(ACCESS_TOKEN_KEY, access);
      storage.setItem(REFRESH_TOKEN_KEY, refresh);
    },
    clear: () => storage.clear(),
  };
}

const localTokens = createTokenStore(window.localStorage);

/** The app's store; clearing it also forgets the tab's session values (the last run, choices). */
export const tokenStore: TokenStore = {
  ...localTokens,
  clear: () => {
    localTokens.clear();
    clearSessionValues();
  },
};
