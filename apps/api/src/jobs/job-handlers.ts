import type { JobCatalog, JobHandler, JobSpec, PayloadOf } from './job-queue.js';

/** A catalogued job with its one handler: what a runner needs to work it. */
export interface RegisteredJob {
  spec: JobSpec;
  handler: JobHandler<unknown>;
}

/**
 * Collects each catalogued job's handler at start-up. `handle` refuses a job that is not in the
 * catalog or already has a handler; `complete` refuses a catalogued job without one, so a job can
 * neither run twice over nor wait forever for a handler nobody registered.
 */
export interface JobHandlers<Catalog extends JobCatalog> {
  handle<Name extends keyof Catalog & string>(
    name: Name,
    handler: JobHandler<PayloadOf<Catalog[Name]>>,
  ): void;
  complete(): Map<string, RegisteredJob>;
}

export function jobHandlers<Catalog extends JobCatalog>(catalog: Catalog): JobHandlers<Catalog> {
  const registered = new Map<string, RegisteredJob>();
  return {
    handle(name, handler) {
      const spec = catalog[name];
      if (!spec) throw new Error(`Job "${name}" is not in the job catalog`);
      if (registered.has(name)) throw new Error(`Job "${name}" has more than one handler`);
      registered.set(name, { spec, handler: handler as JobHandler<unknown> });
    },
    complete() {
      const missing = Object.keys(catalog).filter((name) => !registered.has(name));
      if (missing.length > 0) {
        throw new Error(
          `No handler for job${missing.length > 1 ? 's' : ''} ${missing.map((name) => `"${name}"`).join(', ')}`,
        );
      }
      return new Map(registered);
    },
  };
}
