import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/database.js';
import { databaseKey } from './db/installation.js';
import { prepareSchema } from './db/schema-check.js';
import { scheduleBackups } from './backup/backup-schedule.js';
import { schemaPreparation } from './backup/schema-preparation.js';
import type { ApiContext, ApiRegistrar } from './feature-context.js';
import { registerAuthRoutes } from './features/auth/auth.routes.js';
import { JwtService } from './features/auth/jwt.js';
import { registerBilling } from './features/billing/register-billing.js';
import { registerCompanyRoutes } from './features/company/company.routes.js';
import { registerCreditRoutes } from './features/credits/credits.routes.js';
import { registerDownloadRoutes } from './features/downloads/downloads.routes.js';
import { registerInspectionRoutes } from './features/inspections/inspections.routes.js';
import { reportRenders } from './features/inspections/report-renders.js';
import { registerHealthRoute } from './features/health/health.routes.js';
import { imagesRepository } from './features/images/images.repository.js';
import { registerImageRoutes } from './features/images/images.routes.js';
import { isStagedUpload } from './features/images/receive-upload.js';
import { registerModels } from './features/models/models.routes.js';
import { registerPredictionRoutes } from './features/predictions/predictions.routes.js';
import { registerProjectRoutes } from './features/projects/projects.routes.js';
import { usersRepository } from './features/users/users.repository.js';
import { registerUserRoutes } from './features/users/users.routes.js';
import { registerExportRoutes } from './features/exports/exports.routes.js';
import { isExportDraft } from './features/exports/run-data-export.js';
import { registerCleaningRoutes } from './features/cleanings/cleanings.routes.js';
import { registerRecordBookRoutes } from './features/record-book/record-book.routes.js';
import { registerVesselRoutes } from './features/vessels/vessels.routes.js';
import { registerAuditRoutes } from './features/audit/audit.routes.js';
import { registerOrganisationRoutes } from './features/organisations/organisations.routes.js';
import { registerSharingRoutes } from './features/sharing/sharing.routes.js';
import { registerHullPlanRoutes } from './features/hull-plan/hull-plan.routes.js';
import { registerGaDrawingRoutes } from './features/ga-drawing/ga-drawing.routes.js';
import { registerPlanPinRoutes } from './features/plan-pins/plan-pins.routes.js';
import { registerDecisionRoutes } from './features/decisions/decisions.routes.js';
import { registerInspectionAreaRoutes } from './features/inspection-areas/inspection-areas.routes.js';
import { onWebhookDeliveryQueued } from './features/webhooks/emit-webhook-event.js';
import { registerWebhookRoutes } from './features/webhooks/webhooks.routes.js';
import { registerMaskVersionRoutes } from './features/mask-versions/mask-versions.routes.js';
import { registerSignOffRoutes } from './features/sign-off/sign-off.routes.js';
import { registerReviewRoutes } from './features/review/review.routes.js';
import { registerDatasetRoutes } from './features/dataset/dataset.routes.js';
import { registerAgreementRoutes } from './features/agreement/agreement.routes.js';
import { createAuthenticator } from './http/authenticate.js';
import { apiKeyAuthenticator } from './features/api-keys/key-authentication.js';
import { registerApiKeyRoutes } from './features/api-keys/api-keys.routes.js';
import { createAccessGuard } from './http/organisation-access.js';
import { membershipsRepository } from './features/organisations/memberships.repository.js';
import { organisationsRepository } from './features/organisations/organisations.repository.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerOpenApi } from './http/openapi.js';
import { createRouter } from './http/router.js';
import { registerWebApp } from './http/web-app.js';
import { jobCatalog } from './job-catalog.js';
import { databaseJobQueue } from './jobs/database-job-queue.js';
import { createMailer } from './mail/create-mailer.js';
import type { Mailer } from './mail/mailer.js';
import { createPaymentProvider } from './payments/create-payment-provider.js';
import { sweepAbandonedFiles } from './storage/abandoned-files.js';
import { createStorage, storageLocation } from './storage/create-storage.js';
import { BINDING_FILE } from './storage/storage-binding.js';
import { isS3ReadCopy } from './storage/s3-storage.js';
import { isPartialWrite } from './storage/local-storage.js';
import { sweepOrphanImageFolders } from './storage/orphan-image-folders.js';
import { buildWorker } from './worker.js';

/** Every feature of the API, in the order their routes and start-up steps are added. */
const apiFeatures: ApiRegistrar[] = [
  registerAuthRoutes,
  registerUserRoutes,
  registerExportRoutes,
  registerCompanyRoutes,
  registerCreditRoutes,
  registerProjectRoutes,
  registerVesselRoutes,
  registerModels,
  registerImageRoutes,
  registerPredictionRoutes,
  registerDownloadRoutes,
  registerInspectionRoutes,
  registerHullPlanRoutes,
  registerGaDrawingRoutes,
  registerPlanPinRoutes,
  registerDecisionRoutes,
  registerInspectionAreaRoutes,
  registerMaskVersionRoutes,
  registerSignOffRoutes,
  registerRecordBookRoutes,
  registerCleaningRoutes,
  registerReviewRoutes,
  registerDatasetRoutes,
  registerAgreementRoutes,
  registerBilling,
  registerOrganisationRoutes,
  registerAuditRoutes,
  registerSharingRoutes,
  registerWebhookRoutes,
  registerApiKeyRoutes,
  registerHealthRoute,
];

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    mailer: Mailer;
  }
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** Builds the whole application without listening; main.ts and the tests both start here. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Brotli or gzip as the client accepts, for JSON answers and the web app's files alike; images and
  // ZIPs are already compressed and pass through as they are.
  await app.register(compress, { threshold: 1024 });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI writes its styles at run time; images arrive as data: URLs from the API.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // The upload dialog reads a chosen video from a blob: URL to take its frames (issue 24).
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  if (config.corsOrigins.length > 0) {
    // The web app revalidates thumbnail lists with their ETag and pages them by X-Total-Count.
    await app.register(cors, {
      origin: config.corsOrigins,
      credentials: false,
      exposedHeaders: ['ETag', 'X-Total-Count'],
    });
  }
  await registerOpenApi(app, config.appUrl);

  const database = openDatabase(config.database);
  app.decorate('database', database);
  const mailer = createMailer(config.mail, app.log);
  app.decorate('mailer', mailer);
  const storage = createStorage(config.storage, config.uploads.tempDir);
  const closers: (() => Promise<void>)[] = [];
  // In this order: the worker finishes with the database still open.
  app.addHook('onClose', async () => {
    for (const close of closers) await close();
    await mailer.close();
    await database.destroy();
  });
  await prepareSchema(
    database,
    schemaPreparation(config, (message) => app.log.info(message)),
  );
  // In the background: a large store takes a while to walk, and nothing waits on the result.
  const stopSweep = new AbortController();
  const sweeping = sweepAbandonedFiles(
    [
      { dir: config.storageDir, isTemporary: isPartialWrite },
      {
        dir: config.uploads.tempDir,
        isTemporary: (name) => isStagedUpload(name) || isS3ReadCopy(name) || isExportDraft(name),
      },
    ],
    app.log,
    stopSweep.signal,
  ).then(() => {
    const lookup = { ...imagesRepository(database.db), databaseKey: () => databaseKey(database.db) };
    const swept = { storage, bindingFile: storageLocation(config.storage, BINDING_FILE) };
    return sweepOrphanImageFolders(swept, lookup, app.log, stopSweep.signal);
  });

  const { db } = database;
  const jwt = new JwtService({
    secret: config.jwtSecret,
    accessTtlSeconds: config.tokens.accessTtlSeconds,
    refreshTtlSeconds: config.tokens.refreshTtlSeconds,
  });
  const queue = databaseJobQueue(jobCatalog);
  const api: ApiContext = {
    app,
    router: createRouter(app, {
      authenticate: createAuthenticator(
        jwt,
        (userId) => usersRepository(db).findSessionHolder(userId),
        apiKeyAuthenticator(db, config.apiKeyRequestsPerMinute, app.log),
      ),
      requireRole: createAccessGuard({
        find: (userId, organisationId) => membershipsRepository(db).find(userId, organisationId),
        remember: (userId, organisationId) =>
          organisationsRepository(db).rememberChoice(userId, organisationId),
      }),
    }),
    db,
    storage,
    mailer,
    payments: createPaymentProvider(config.payments, config.appUrl, config.jwtSecret),
    queue,
    jwt,
    reportRenders: reportRenders(config.reportRenders),
    config,
    log: app.log,
  };
  for (const register of apiFeatures) await register(api);

  // The embedded default runs the worker in this process (WORKER_ENABLED=false leaves jobs to
  // worker processes); it is started once the app is ready and stopped before the database closes.
  if (config.worker.enabled) {
    const worker = await buildWorker({ db, storage, mailer, config, log: app.log });
    queue.onEnqueued(() => worker.wake());
    const stopWebhookWakes = onWebhookDeliveryQueued(() => worker.wake());
    closers.push(async () => {
      stopWebhookWakes();
    });
    app.addHook('onReady', async () => worker.start());
    closers.push(() => worker.stop());
  }
  // BACKUP_INTERVAL_HOURS: on by default in the embedded default, where this is the only process.
  const backups = scheduleBackups(config, app.log);
  closers.push(async () => backups.stop());
  // After the worker: closing never waits on the walk before the images in flight are finished.
  closers.push(async () => {
    stopSweep.abort();
    await sweeping;
  });
  await registerWebApp(app, config.webDistDir);
  return app;
}
