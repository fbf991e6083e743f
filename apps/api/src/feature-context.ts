import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { DB } from './db/schema.js';
import type { JwtService } from './features/auth/jwt.js';
import type { ReportRenders } from './features/inspections/report-renders.js';
import type { Router } from './http/router.js';
import type { SessionCache } from './inference/session-cache.js';
import type { AppJobCatalog, AppJobQueue } from './job-catalog.js';
import type { JobHandlers } from './jobs/job-handlers.js';
import type { Mailer } from './mail/mailer.js';
import type { ConfiguredPaymentProvider } from './payments/create-payment-provider.js';
import type { Storage } from './storage/storage.js';

/** What app.ts hands each feature: the adapters it built and the router to add routes to. */
export interface ApiContext {
  app: FastifyInstance;
  router: Router;
  db: Kysely<DB>;
  storage: Storage;
  mailer: Mailer;
  payments: ConfiguredPaymentProvider;
  queue: AppJobQueue;
  jwt: JwtService;
  /** Turns at rendering inspection reports, shared by the report and the project ZIP routes. */
  reportRenders: ReportRenders;
  config: Config;
  log: FastifyBaseLogger;
}

/** The one shape in which a feature adds itself to the API: its routes, plugins and start-up steps. */
export type ApiRegistrar = (api: ApiContext) => void | Promise<void>;

/** What worker.ts hands each feature that runs jobs. */
export interface WorkerContext {
  db: Kysely<DB>;
  storage: Storage;
  sessions: SessionCache;
  jobs: JobHandlers<AppJobCatalog>;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
}

/** The one shape in which a feature adds its job handlers to a worker. */
export type WorkerRegistrar = (worker: WorkerContext) => void | Promise<void>;
