/** Whether a file-system call failed with this errno code (ENOENT, EEXIST, …). */
export function hasErrorCode(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === code;
}

/** Whether a file-system call failed because the path does not exist (e.g. removed meanwhile). */
export function isMissing(error: unknown): boolean {
  return hasErrorCode(error, 'ENOENT');
}
