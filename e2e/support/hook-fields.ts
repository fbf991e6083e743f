/**
 * The fields a file's hooks set and its tests read: `set` is written by the hooks; `read` answers a
 * field, or throws naming it when it is read before its hook has set it.
 */
export function hookFields<T extends object>(): { set: { -readonly [K in keyof T]?: T[K] }; read: T } {
  const set: { -readonly [K in keyof T]?: T[K] } = {};
  const read = new Proxy(set, {
    get(target, key) {
      const value = target[key as keyof T];
      if (value === undefined) throw new Error(`e2e: ${String(key)} is read before its hook set it`);
      return value;
    },
  }) as T;
  return { set, read };
}
