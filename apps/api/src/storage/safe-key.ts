const SAFE_KEY = /^[\w.-]+(\/[\w.-]+)*$/;

/**
 * Refuses a storage key that could point outside the adapter's root (`..`, absolute paths, empty
 * segments) or carries characters no key of ours has; every adapter checks keys the same way.
 */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}
