import { useSyncExternalStore } from 'react';

/**
 * Small values kept for the browser tab's session (sessionStorage): a page's choices and notices
 * outlive navigation and reloads, while the local store keeps the spec's two token keys only (§3).
 * A value is a string, so a reader re-renders only when it really changes.
 */
const listeners = new Set<() => void>();
// Where storage is refused (privacy settings), values last as long as the page instead.
const inMemory = new Map<string, string>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function readSessionValue(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return inMemory.get(key) ?? null;
  }
}

/** Stores the value (null removes it) and redraws its readers. */
export function writeSessionValue(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    if (value === null) inMemory.delete(key);
    else inMemory.set(key, value);
  }
  for (const listener of listeners) listener();
}

export function useSessionValue(key: string): string | null {
  return useSyncExternalStore(subscribe, () => readSessionValue(key));
}

/** Forgets every value, as signing out does: they were the signed-in user's. */
export function clearSessionValues(): void {
  try {
    window.sessionStorage.clear();
  } catch {
    // Nothing was stored there.
  }
  inMemory.clear();
  for (const listener of listeners) listener();
}
