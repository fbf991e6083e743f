/**
 * Asks `GET /api/health` one request after another (10 ms apart) until stopped, timing each answer:
 * how long any other request would wait for the event loop while something heavy runs.
 */
export function watchHealth(base: string) {
  const latencies: number[] = [];
  let stopped = false;
  const polling = (async () => {
    while (!stopped) {
      const started = performance.now();
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await polling;
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (share: number) =>
        sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
      return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
    },
  };
}
