import Fastify, { LogController } from 'fastify';
import { openDatabase } from './db/database.js';
import { prepareSchema } from './db/schema-check.js';
import { createMailer } from './mail/create-mailer.js';
import { schemaPreparation } from './backup/schema-preparation.js';
import { addHealthCheck } from './features/health/database-health.js';
import { closeOnSignals, exitOnStartFailure, loadConfigOrExit } from './process-lifecycle.js';
import { createStorage } from './storage/create-storage.js';
import { buildWorker } from './worker.js';

/**
 * Longer than the API's 10 s: on SIGTERM the images in flight finish (about a second each at Full HD
 * on 2 cores, more on a slow machine) before the job is requeued. A worker killed outright loses
 * nothing either: its job's lease runs out and another worker takes it.
 */
const SHUTDOWN_GRACE_MS = 30_000;

/**
 * A worker-only process (`npm run worker`): claims jobs from the shared database and runs them; no
 * public HTTP. With WORKER_HEALTH_PORT it answers `GET /api/health` on that port for orchestrators.
 * Any number of these run beside API processes started with WORKER_ENABLED=false (which this
 * process ignores: running jobs is all it does).
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  // The health server's Fastify instance also gives the worker the API's logger, listening or not;
  // an orchestrator's health checks every few seconds are not worth a log line each.
  const server = Fastify({
    logger: { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: true }),
  });
  const database = openDatabase(config.database);
  try {
    await prepareSchema(
      database,
      schemaPreparation(config, (message) => server.log.info(message)),
    );
  } catch (error) {
    await database.destroy();
    throw error;
  }
  const mailer = createMailer(config.mail, server.log);
  const worker = await buildWorker({
    db: database.db,
    storage: createStorage(config.storage, config.uploads.tempDir),
    mailer,
    config,
    log: server.log,
  });
  addHealthCheck(server, database.db, 'worker');
  worker.start();
  if (config.worker.healthPort !== undefined) {
    await server.listen({ host: config.host, port: config.worker.healthPort });
  }
  server.log.info(
    { database: config.database.dialect, healthPort: config.worker.healthPort ?? null },
    'Hullscope worker is running',
  );
  closeOnSignals(
    server.log,
    async () => {
      await worker.stop();
      await mailer.close();
      await server.close();
      await database.destroy();
    },
    SHUTDOWN_GRACE_MS,
  );
}

main().catch(exitOnStartFailure);
