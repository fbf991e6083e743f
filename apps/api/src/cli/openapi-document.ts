import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../load-config.js';

/**
 * Writes the OpenAPI document the server serves at /api/openapi.json to a file (default
 * openapi.json), without a running server: the app is built on a throw-away SQLite database.
 * APP_URL, as set, becomes the document's server.
 */
const out = path.resolve(process.argv[2] ?? 'openapi.json');
const dataDir = await mkdtemp(path.join(tmpdir(), 'hullscope-openapi-'));
try {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${path.join(dataDir, 'openapi.sqlite')}`,
    WORKER_ENABLED: 'false',
    BACKUP_INTERVAL_HOURS: '0',
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp(config);
  await app.ready();
  const document = app.swagger();
  await app.close();
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`Wrote the OpenAPI document to ${out}`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
