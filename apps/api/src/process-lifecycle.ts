import { type Config, ConfigError } from './config.js';
import { loadConfig } from './load-config.js';
import { MigrationFailedError, SchemaMismatchError } from './db/schema-check.js';

interface ShutdownLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * The environment's configuration, or the process ends with every problem listed (status 1): a
 * process entry (main.ts, worker-main.ts) has nothing useful to do with a bad configuration.
 */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) exitWithMessage(error.message);
    throw error;
  }
}

/** A start-up failure the operator can act on is printed as its message alone, status 1. */
export function exitOnStartFailure(error: unknown): never {
  if (
    error instanceof SchemaMismatchError ||
    error instanceof MigrationFailedError ||
    error instanceof ConfigError
  ) {
    exitWithMessage(error.message);
  }
  console.error(error);
  process.exit(1);
}

function exitWithMessage(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * On SIGTERM or SIGINT, runs `close` (stop taking work, let what is in flight finish, close the
 * database) and exits 0; a close that fails, or takes longer than `graceMs`, exits 1.
 */
export function closeOnSignals(log: ShutdownLog, close: () => Promise<void>, graceMs: number): void {
  const shutdown = (signal: NodeJS.Signals) => {
    log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), graceMs).unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
