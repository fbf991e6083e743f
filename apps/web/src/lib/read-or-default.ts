/** Spec §8: a failed read falls back to its empty default and is logged, never shown to the user. */
export async function readOrDefault<T>(what: string, fallback: T, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    console.error(`Reading ${what} failed; showing the empty default`, error);
    return fallback;
  }
}
