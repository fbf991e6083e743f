/** Why a slot was not given: the key has all of its own, or none came free within the wait. */
export type SlotRefusal = 'key-full' | 'timed-out';

export interface WaitingSlotSettings {
  /** Slots in all. */
  atOnce: number;
  /** Slots one key may hold or wait for at once; beyond, a take is refused at once. */
  perKey: number;
  /** How long a take waits for a free slot before it is refused. */
  maxWaitMs: number;
}

export interface WaitingSlots {
  /** A slot for the key: its release function (safe to call twice), or why there is none. */
  take(key: number): Promise<(() => void) | SlotRefusal>;
}

/**
 * A fixed number of slots shared by keys (users), given in arrival order: a take beyond `atOnce`
 * waits in line at most `maxWaitMs`, and one key may hold or wait for at most `perKey`, so neither
 * the line nor one key's share of it can grow without bound.
 */
export function waitingSlots({ atOnce, perKey, maxWaitMs }: WaitingSlotSettings): WaitingSlots {
  let taken = 0;
  const line: (() => void)[] = [];
  const ofKey = new Map<number, number>();

  const leave = (key: number) => {
    const left = (ofKey.get(key) ?? 1) - 1;
    if (left > 0) ofKey.set(key, left);
    else ofKey.delete(key);
  };

  const releaseOf = (key: number) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      leave(key);
      const next = line.shift();
      if (next) next();
      else taken -= 1;
    };
  };

  return {
    async take(key) {
      if ((ofKey.get(key) ?? 0) >= perKey) return 'key-full';
      ofKey.set(key, (ofKey.get(key) ?? 0) + 1);
      if (taken < atOnce) {
        taken += 1;
        return releaseOf(key);
      }
      // A released slot passes straight to the first in line, so `taken` stays as it is.
      return new Promise((resolve) => {
        const granted = () => {
          clearTimeout(timer);
          resolve(releaseOf(key));
        };
        const timer = setTimeout(() => {
          line.splice(line.indexOf(granted), 1);
          leave(key);
          resolve('timed-out');
        }, maxWaitMs);
        line.push(granted);
      });
    },
  };
}
