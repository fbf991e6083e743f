// The image's HEALTHCHECK: GET /api/health of this container's process, 0 when it answers 200.
// A worker (worker-main.js) answers on WORKER_HEALTH_PORT, the API on PORT; which one runs is read from
// the main process's command line, since the same image and environment serve both roles.
import { readFileSync } from 'node:fs';

const commandLine = readFileSync('/proc/1/cmdline', 'utf8');
const isWorker = commandLine.includes('worker-main.js');
const port = isWorker ? process.env.WORKER_HEALTH_PORT : (process.env.PORT ?? '8000');
if (!port) {
  console.error('worker without WORKER_HEALTH_PORT: nothing to check');
  process.exit(1);
}
try {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(4000) });
  console.log(response.status, await response.text());
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
