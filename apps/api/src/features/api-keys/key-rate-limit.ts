/**
 * Requests per key per minute in this process, counted in fixed one-minute windows. A window that
 * has passed is forgotten on the key's next request, and all passed windows once a minute, so the
 * map holds only keys used within the last minute.
 */
export function keyRateLimit(requestsPerMinute: number, now: () => number = Date.now) {
  const windows = new Map<number, { start: number; count: number }>();
  let lastSweep = now();

  return {
    /** Counts one request; the seconds until the key may ask again when it is over its limit, else null. */
    take(keyId: number): number | null {
      const time = now();
      if (time - lastSweep >= 60_000) {
        for (const [id, window] of windows) if (time - window.start >= 60_000) windows.delete(id);
        lastSweep = time;
      }
      let window = windows.get(keyId);
      if (!window || time - window.start >= 60_000) {
        window = { start: time, count: 0 };
        windows.set(keyId, window);
      }
      if (window.count >= requestsPerMinute)
        return Math.max(1, Math.ceil((window.start + 60_000 - time) / 1000));
      window.count += 1;
      return null;
    },
  };
}
