import { buildApp } from './app.js';
import { startupMessages } from './startup-messages.js';
import { closeOnSignals, exitOnStartFailure, loadConfigOrExit } from './process-lifecycle.js';

const SHUTDOWN_GRACE_MS = 10_000;

/** The API process (`npm start`): with WORKER_ENABLED (the default) it runs the worker too. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await buildApp(config);
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { url: config.appUrl, database: config.database.dialect, dataDir: config.dataDir },
    'Hullscope is running',
  );
  for (const { level, msg } of startupMessages(app.addresses(), config.appUrl, config.payments)) {
    app.log[level](msg);
  }
  // Stop taking requests, let those in flight finish, close the database; give up after a grace period.
  closeOnSignals(app.log, () => app.close(), SHUTDOWN_GRACE_MS);
}

main().catch(exitOnStartFailure);
