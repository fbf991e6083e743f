// The load generator of bench:api: `clients` keep-alive clients on loopback (lean-http-client.ts), each
// sending one request after another for a bounded time and count, reading every byte and parsing none,
// while the server's peak RSS (Linux VmHWM, reset before) and CPU time are read from /proc, and the
// generator's own CPU time beside it.
import { LeanHttpConnection } from './lean-http-client.js';
import { peakRssMb, procCpuMs, procStatusMb, resetPeakRss } from './bench-support.js';

export interface Scenario {
  name: string;
  /** The request client number `client` sends (every time): clients may look at different pages. */
  request: (client: number) => { path: string; headers?: Record<string, string> };
}

export interface Result {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  bytes: number;
  /** The server's CPU time (all its threads) per request: the cost, whatever the machine's load. */
  cpuMsPerRequest: number | undefined;
  /** The load generator's own CPU time per request (this process): on loopback it shares the cores. */
  clientCpuMsPerRequest: number;
  statuses: string;
  peakRss: number | undefined;
  rssAfter: number | undefined;
}

export interface Load {
  base: string;
  token: string;
  pid: number;
  clients: number;
  seconds: number;
  maxRequests: number;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

export function loadRunner(load: Load) {
  const { hostname, port } = new URL(load.base);
  const connections = Array.from(
    { length: load.clients },
    () => new LeanHttpConnection(hostname, Number(port)),
  );

  async function once(client: number, path: string, headers: Record<string, string> = {}) {
    const started = performance.now();
    const answer = await connections[client]!.get(path, {
      authorization: `Bearer ${load.token}`,
      ...headers,
    });
    return { ms: performance.now() - started, ...answer };
  }

  async function run(scenario: Scenario): Promise<Result> {
    const first = scenario.request(0);
    await once(0, first.path, first.headers); // warm: the first answer of a kind is not the steady state
    resetPeakRss(load.pid);
    const cpuBefore = procCpuMs(load.pid);
    const clientCpuBefore = process.cpuUsage();
    const times: number[] = [];
    const statuses = new Map<number, number>();
    let bytes = 0;
    const deadline = performance.now() + load.seconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: load.clients }, async (_, client) => {
        const { path, headers } = scenario.request(client);
        while (performance.now() < deadline && times.length < load.maxRequests) {
          const answer = await once(client, path, headers);
          times.push(answer.ms);
          bytes += answer.bytes;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const cpuAfter = procCpuMs(load.pid);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const peakRss = peakRssMb(load.pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const sorted = times.sort((a, b) => a - b);
    return {
      name: scenario.name,
      requests: sorted.length,
      perSecond: sorted.length / elapsed,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      bytes: bytes / sorted.length,
      cpuMsPerRequest:
        cpuBefore === undefined || cpuAfter === undefined
          ? undefined
          : (cpuAfter - cpuBefore) / sorted.length,
      clientCpuMsPerRequest: (clientCpu.user + clientCpu.system) / 1000 / sorted.length,
      statuses: [...statuses].map(([status, count]) => `${status}×${count}`).join(' '),
      peakRss,
      rssAfter: procStatusMb('VmRSS', load.pid),
    };
  }

  return { run, close: () => connections.forEach((connection) => connection.close()) };
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(2)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(1)} kB`;
  return `${Math.round(bytes)} B`;
}
