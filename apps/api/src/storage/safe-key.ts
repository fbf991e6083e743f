const SAFE_KEY = /^[\w.-]+(\/[\w.-]+)*$/;

/**
 * Refuses a storage key that could point outside the adapter's root (`..`, absolute paths, empty
 * segments) or carries characters no key of ours has; every adapter checks keys the same way.
 */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

/** Whether `key` (or a prefix) has the shape of our keys: folders of `\w`, `.` and `-`, no `..`. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').includes('..');
}
