import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UPLOAD_DEFAULT_LIMITS } from '@hullscope/contract';
import { z } from 'zod';
import type { DatabaseConfig } from './db/database.js';
import type { ThrottleSettings } from './features/auth/login-throttle.js';
import { type CreditPriceTier, parseCreditPrices } from './features/billing/credit-prices.js';
import type { ReportRenderSettings } from './features/inspections/report-renders.js';
import {
  DEFAULT_IDLE_RELEASE_SECONDS,
  DEFAULT_PARALLEL_RUNS,
  defaultInferenceThreads,
  type InferenceConfig,
} from './inference/inference-config.js';
import {
  type ConfidenceSettings,
  DEFAULT_LOW_CONFIDENCE_BELOW,
  DEFAULT_LOW_CONFIDENCE_BELOW_FAIR,
} from './inference/confidence.js';
import { DEFAULT_MICROFOULING_MIN_PERCENT, type FoulingRatingSettings } from './inference/fouling-rating.js';
import { type ImageQualitySettings, parseQualityThresholds } from './media/quality/quality-settings.js';
import { DEFAULT_MAX_TILE_PIXELS, MIN_MAX_TILE_PIXELS } from './inference/tile-plan.js';
import type { DatabaseJobRunnerOptions } from './jobs/database-job-runner.js';
import { booleanFlag, optionalString, positiveInt } from './lib/env-schema.js';
import type { MailConfig } from './mail/create-mailer.js';
import type { PaymentsConfig } from './payments/create-payment-provider.js';
import { type StorageConfig, parseStorageUrl } from './storage/create-storage.js';

/** Images of one request at once: one's decoding overlaps another's model runs (docs/architecture.md). */
export const DEFAULT_IMAGES_IN_FLIGHT = 2;

/** Thrown at start-up with every bad environment variable listed, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every variable the product reads; the configuration table of docs/operations.md mirrors this object. */
export const EnvSchema = z.object({
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.refine(
    (value) => value === undefined || /^(postgres(ql)?:\/\/|sqlite:)/.test(value),
    'must start with postgres://, postgresql:// or sqlite:',
  ),
  APP_URL: optionalString.pipe(z.url().optional()),
  JWT_SECRET: optionalString.refine(
    (value) => value === undefined || value.length >= 32,
    'must be at least 32 characters',
  ),
  SMTP_URL: optionalString.refine(
    (value) => value === undefined || /^smtps?:\/\//.test(value),
    'must start with smtp:// or smtps://',
  ),
  MAIL_FROM: z.string().min(3).default('Hullscope <no-reply@hullscope.local>'),
  ACCESS_TOKEN_TTL_MINUTES: positiveInt(15),
  REFRESH_TOKEN_TTL_DAYS: positiveInt(7),
  CONFIRMATION_TOKEN_TTL_HOURS: positiveInt(72),
  PASSWORD_RESET_TOKEN_TTL_MINUTES: positiveInt(60),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: positiveInt(20),
  LOGIN_THROTTLE_WINDOW_MINUTES: z.coerce.number().int().positive().max(1440).default(15),
  LOGIN_ACCOUNT_DELAY_AFTER_FAILURES: positiveInt(10),
  LOGIN_MAX_DELAY_SECONDS: positiveInt(60),
  ACCOUNT_REQUESTS_PER_ADDRESS_PER_HOUR: positiveInt(30),
  PASSWORD_RESET_MAILS_PER_ACCOUNT_PER_HOUR: positiveInt(3),
  EMAIL_CHANGE_MAILS_PER_ACCOUNT_PER_HOUR: positiveInt(3),
  SIGNUP_BONUS_CREDITS: z.coerce.number().int().min(0).default(50),
  // The seller on invoices; the same defaults as the web app's imprint (VITE_COMPANY_*).
  INVOICE_SELLER_NAME: z.string().trim().min(1).default('Hullscope Maritime Analytics GmbH'),
  INVOICE_SELLER_ADDRESS: z.string().trim().min(1).default('Am Sandtorkai 50, 20457 Hamburg, Germany'),
  INVOICE_SELLER_VAT_ID: optionalString,
  CORS_ORIGINS: optionalString,
  TRUST_PROXY: booleanFlag('false'),
  BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  MODELS_DIR: optionalString,
  UPLOAD_MAX_FILE_MB: positiveInt(UPLOAD_DEFAULT_LIMITS.maxFileMb),
  UPLOAD_MAX_MEGAPIXELS: positiveInt(UPLOAD_DEFAULT_LIMITS.maxMegapixels),
  UPLOAD_MAX_FILES: positiveInt(UPLOAD_DEFAULT_LIMITS.maxFiles),
  UPLOAD_MAX_CONCURRENT_PER_USER: positiveInt(2),
  REPORT_RENDERS_AT_ONCE: positiveInt(2),
  REPORT_RENDERS_PER_USER: positiveInt(2),
  REPORT_WAIT_SECONDS: positiveInt(30),
  MAX_PROJECTS_PER_ACCOUNT: positiveInt(10_000),
  MAX_VESSELS_PER_ACCOUNT: positiveInt(10_000),
  ORGANISATION_MAX_MEMBERS: positiveInt(100),
  INVITATIONS_PER_HOUR: positiveInt(20),
  SHARE_LINKS_PER_PROJECT: positiveInt(50),
  AUDIT_RETENTION_DAYS: positiveInt(400),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFlag('false'),
  WEBHOOK_DISABLE_AFTER_DAYS: positiveInt(5),
  API_KEY_REQUESTS_PER_MINUTE: positiveInt(600),
  WORKER_ENABLED: booleanFlag('true'),
  WORKER_CONCURRENCY: positiveInt(1),
  WORKER_DELIVERY_CONCURRENCY: positiveInt(4),
  WORKER_DELIVERIES_PER_ORGANISATION: positiveInt(2),
  JOB_RETENTION_DAYS: positiveInt(30),
  WORKER_HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  MIGRATE_ON_START: booleanFlag('true'),
  BACKUP_DIR: optionalString,
  // Its default depends on the run mode (24 h embedded, off on PostgreSQL), so it is filled in below.
  BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).max(576).optional(),
  BACKUP_KEEP: positiveInt(7),
  BACKUP_BEFORE_MIGRATE: booleanFlag('true'),
  STORAGE_URL: optionalString.superRefine((value, context) => {
    const location = value === undefined ? undefined : parseStorageUrl(value);
    if (typeof location === 'string') context.addIssue({ code: 'custom', message: location });
  }),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: booleanFlag('false'),
  WORKER_IMAGES_IN_FLIGHT: positiveInt(DEFAULT_IMAGES_IN_FLIGHT),
  QUEUE_POLL_MS: positiveInt(500),
  QUEUE_LEASE_SECONDS: positiveInt(30),
  INFERENCE_PARALLEL_RUNS: positiveInt(DEFAULT_PARALLEL_RUNS),
  // Its default depends on INFERENCE_PARALLEL_RUNS (defaultInferenceThreads), so it is filled in below.
  INFERENCE_THREADS: z.coerce.number().int().positive().optional(),
  // Smaller tiles give the model too little context, and a bound below the stride² cannot hold.
  INFERENCE_MAX_TILE_PIXELS: z.coerce
    .number()
    .int()
    .min(MIN_MAX_TILE_PIXELS, `must be at least ${MIN_MAX_TILE_PIXELS} (256 × 256)`)
    .default(DEFAULT_MAX_TILE_PIXELS),
  INFERENCE_IDLE_RELEASE_SECONDS: z.coerce.number().int().min(0).default(DEFAULT_IDLE_RELEASE_SECONDS),
  // Its default is WORKER_CONCURRENCY (each request a worker runs at once may use its own model).
  INFERENCE_MODELS_KEPT: z.coerce.number().int().positive().optional(),
  FOULING_MICROFOULING_MIN_PERCENT: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(DEFAULT_MICROFOULING_MIN_PERCENT),
  PREDICTION_LOW_CONFIDENCE_BELOW: z.coerce.number().min(0).max(1).default(DEFAULT_LOW_CONFIDENCE_BELOW),
  PREDICTION_LOW_CONFIDENCE_BELOW_FAIR: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(DEFAULT_LOW_CONFIDENCE_BELOW_FAIR),
  IMAGE_QUALITY_THRESHOLDS: optionalString.transform((value, context) => {
    try {
      return parseQualityThresholds(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  RATINGS_INCLUDE_POOR_PHOTOS: booleanFlag('false'),
  PRODUCTION: booleanFlag('false'),
  CREDIT_PRICES: z
    .string()
    .default('100:49.00,500:199.00,2000:699.00')
    .transform((value, context) => {
      try {
        return parseCreditPrices(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  STRIPE_SECRET_KEY: optionalString.refine(
    (value) => value === undefined || /^(sk|rk)_(test|live)_\w+$/.test(value),
    'must be a Stripe secret or restricted key (sk_test_…, sk_live_…, rk_…)',
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.refine(
    (value) => value === undefined || value.startsWith('whsec_'),
    'must be the signing secret of the webhook endpoint (whsec_…)',
  ),
  STRIPE_AUTOMATIC_TAX: booleanFlag('false'),
  // Only for tests: point the stripe package at a local stand-in instead of api.stripe.com.
  STRIPE_API_HOST: optionalString,
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
});

/** Scheduled backups into `dir` (none when `intervalHours` is 0) and the one taken before migrating. */
export interface BackupSettings {
  dir: string;
  intervalHours: number;
  keep: number;
  beforeMigrate: boolean;
}

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  database: DatabaseConfig;
  appUrl: string;
  jwtSecret: string;
  mail: MailConfig;
  tokens: {
    accessTtlSeconds: number;
    refreshTtlSeconds: number;
    confirmationTtlSeconds: number;
    passwordResetTtlSeconds: number;
  };
  loginThrottle: ThrottleSettings;
  /**
   * Anonymous account requests (registration, reset request, reset) per client address; reset mails
   * and e-mail change links per account.
   */
  accountRequestLimits: {
    perAddressPerHour: number;
    resetMailsPerAccountPerHour: number;
    emailChangeMailsPerAccountPerHour: number;
  };
  signupBonusCredits: number;
  /** Who invoices a purchase (issue 45 §10). */
  invoiceSeller: { name: string; address: string; vatId: string | null };
  corsOrigins: string[];
  trustProxy: boolean;
  bodyLimitBytes: number;
  logLevel: string;
  webDistDir: string;
  modelsDir: string;
  /** DATA_DIR/storage: the local adapter's folder, where the start-up sweeps look. */
  storageDir: string;
  storage: StorageConfig;
  uploads: {
    maxFileBytes: number;
    maxPixels: number;
    maxFiles: number;
    /** Upload requests one user may have in progress in this process at once (429 beyond). */
    maxConcurrentPerUser: number;
    tempDir: string;
  };
  /** Inspection report PDFs (alone or in a project ZIP) rendered at once, per user, and the wait for a turn. */
  reportRenders: ReportRenderSettings;
  /** The most projects and vessels one account may have (a create beyond is a 400). */
  accountCaps: { projects: number; vessels: number };
  /** Issue 38's limits per organisation, and how long the audit log keeps an entry. */
  organisations: {
    maxMembers: number;
    invitationsPerHour: number;
    shareLinksPerProject: number;
    auditRetentionDays: number;
  };
  /** Issue 41 §2: where webhooks may be sent and when a failing endpoint is disabled. */
  webhooks: {
    /** Also deliver to loopback, private and link-local addresses, over plain http too (on-premises). */
    allowPrivateTargets: boolean;
    disableAfterDays: number;
  };
  /** Requests one API key may make per minute, all API processes together (429 with Retry-After beyond). */
  apiKeyRequestsPerMinute: number;
  /** Apply pending migrations at start (one process); false: refuse an older schema (`npm run migrate`). */
  migrateOnStart: boolean;
  backup: BackupSettings;
  worker: DatabaseJobRunnerOptions & {
    enabled: boolean;
    imagesInFlight: number;
    /** Jobs that ended longer ago than this are removed (daily, by each worker). */
    finishedJobRetentionDays: number;
    /** `npm run worker` answers health checks on this port (HOST) when set; no other HTTP. */
    healthPort: number | undefined;
  };
  inference: InferenceConfig;
  foulingRating: FoulingRatingSettings;
  /** When a prediction's confidence counts as low (inference/confidence.ts). */
  confidence: ConfidenceSettings;
  /** How photos' quality is judged and whether ratings count poor ones (media/quality). */
  imageQuality: ImageQualitySettings;
  production: boolean;
  payments: PaymentsConfig;
  creditPrices: CreditPriceTier[];
}

function storageConfig(
  values: { STORAGE_URL?: string; S3_ENDPOINT?: string; S3_REGION: string; S3_FORCE_PATH_STYLE: boolean },
  localDir: string,
): StorageConfig {
  if (values.STORAGE_URL === undefined) return { kind: 'local', dir: localDir };
  const location = parseStorageUrl(values.STORAGE_URL);
  if (typeof location === 'string') throw new Error(location); // refused by the schema already
  return {
    kind: 's3',
    ...location,
    endpoint: values.S3_ENDPOINT,
    region: values.S3_REGION,
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
  };
}

function databaseConfig(url: string | undefined, dataDir: string): DatabaseConfig {
  if (url === undefined) return { dialect: 'sqlite', filename: path.join(dataDir, 'hullscope.sqlite') };
  if (url.startsWith('sqlite:')) {
    const filename = url.slice('sqlite:'.length).replace(/^\/\//, '');
    return { dialect: 'sqlite', filename: path.resolve(filename) };
  }
  return { dialect: 'postgres', url };
}

interface PaymentEnv {
  PRODUCTION: boolean;
  STRIPE_SECRET_KEY: string | undefined;
  STRIPE_WEBHOOK_SECRET: string | undefined;
  STRIPE_AUTOMATIC_TAX: boolean;
  STRIPE_API_HOST: string | undefined;
  STRIPE_API_PORT?: number | undefined;
  STRIPE_API_PROTOCOL?: 'http' | 'https' | undefined;
}

/**
 * Chooses the payment provider. The sandbox hands out credits for nothing, so it must never run by
 * accident where money is expected: a production flag, a webhook secret without a key, or a live key
 * sent anywhere but Stripe all stop the start.
 */
function paymentsConfig(values: PaymentEnv, problems: string[]): PaymentsConfig {
  const key = values.STRIPE_SECRET_KEY;
  const overridden = values.STRIPE_API_HOST !== undefined;
  if (!key) {
    if (values.PRODUCTION) {
      problems.push('STRIPE_SECRET_KEY: required when PRODUCTION=true (the sandbox checkout moves no money)');
    }
    if (values.STRIPE_WEBHOOK_SECRET) {
      problems.push('STRIPE_SECRET_KEY: required with STRIPE_WEBHOOK_SECRET (or unset both for the sandbox)');
    }
    return { provider: 'sandbox' };
  }
  if (!values.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY, or payments are never confirmed');
  }
  if (overridden && (values.PRODUCTION || /_live_/.test(key))) {
    problems.push('STRIPE_API_HOST: a test-only override, refused with PRODUCTION=true or a live key');
  }
  return {
    provider: 'stripe',
    secretKey: key,
    webhookSecret: values.STRIPE_WEBHOOK_SECRET ?? '',
    automaticTax: values.STRIPE_AUTOMATIC_TAX,
    ...(overridden
      ? {
          api: {
            host: values.STRIPE_API_HOST as string,
            port: values.STRIPE_API_PORT,
            protocol: values.STRIPE_API_PROTOCOL,
          },
        }
      : {}),
  };
}

/** The configuration as the environment alone gives it: JWT_SECRET may be unset (see load-config.ts). */
export type ParsedConfig = Omit<Config, 'jwtSecret'> & { jwtSecret: string | undefined };

/**
 * Parses and checks the environment, touching no file. Throws ConfigError listing every bad value.
 * Processes load it through loadConfig (load-config.ts), which prepares DATA_DIR first.
 */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): ParsedConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const values = parsed.data;
  const problems: string[] = [];
  const payments = paymentsConfig(values, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    host: values.HOST,
    port: values.PORT,
    dataDir,
    database: databaseConfig(values.DATABASE_URL, dataDir),
    appUrl: (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    jwtSecret: values.JWT_SECRET || undefined,
    mail: { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    tokens: {
      accessTtlSeconds: values.ACCESS_TOKEN_TTL_MINUTES * 60,
      refreshTtlSeconds: values.REFRESH_TOKEN_TTL_DAYS * 86_400,
      confirmationTtlSeconds: values.CONFIRMATION_TOKEN_TTL_HOURS * 3600,
      passwordResetTtlSeconds: values.PASSWORD_RESET_TOKEN_TTL_MINUTES * 60,
    },
    loginThrottle: {
      maxFailuresPerAccount: values.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: values.LOGIN_MAX_FAILURES_PER_ADDRESS,
      accountDelayAfterFailures: values.LOGIN_ACCOUNT_DELAY_AFTER_FAILURES,
      maxDelaySeconds: values.LOGIN_MAX_DELAY_SECONDS,
      windowSeconds: values.LOGIN_THROTTLE_WINDOW_MINUTES * 60,
    },
    accountRequestLimits: {
      perAddressPerHour: values.ACCOUNT_REQUESTS_PER_ADDRESS_PER_HOUR,
      resetMailsPerAccountPerHour: values.PASSWORD_RESET_MAILS_PER_ACCOUNT_PER_HOUR,
      emailChangeMailsPerAccountPerHour: values.EMAIL_CHANGE_MAILS_PER_ACCOUNT_PER_HOUR,
    },
    signupBonusCredits: values.SIGNUP_BONUS_CREDITS,
    invoiceSeller: {
      name: values.INVOICE_SELLER_NAME,
      address: values.INVOICE_SELLER_ADDRESS,
      vatId: values.INVOICE_SELLER_VAT_ID ?? null,
    },
    corsOrigins: (values.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: values.TRUST_PROXY,
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    logLevel: values.LOG_LEVEL,
    webDistDir: path.resolve(values.WEB_DIST_DIR ?? path.join(repositoryRoot, 'apps/web/dist')),
    modelsDir: path.resolve(values.MODELS_DIR ?? path.join(repositoryRoot, 'models')),
    storageDir: path.join(dataDir, 'storage'),
    storage: storageConfig(values, path.join(dataDir, 'storage')),
    uploads: {
      maxFileBytes: values.UPLOAD_MAX_FILE_MB * 1024 * 1024,
      maxPixels: values.UPLOAD_MAX_MEGAPIXELS * 1_000_000,
      maxFiles: values.UPLOAD_MAX_FILES,
      maxConcurrentPerUser: values.UPLOAD_MAX_CONCURRENT_PER_USER,
      tempDir: path.join(dataDir, 'tmp'),
    },
    reportRenders: {
      atOnce: values.REPORT_RENDERS_AT_ONCE,
      perUser: values.REPORT_RENDERS_PER_USER,
      maxWaitSeconds: values.REPORT_WAIT_SECONDS,
    },
    accountCaps: { projects: values.MAX_PROJECTS_PER_ACCOUNT, vessels: values.MAX_VESSELS_PER_ACCOUNT },
    organisations: {
      maxMembers: values.ORGANISATION_MAX_MEMBERS,
      invitationsPerHour: values.INVITATIONS_PER_HOUR,
      shareLinksPerProject: values.SHARE_LINKS_PER_PROJECT,
      auditRetentionDays: values.AUDIT_RETENTION_DAYS,
    },
    webhooks: {
      allowPrivateTargets: values.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      disableAfterDays: values.WEBHOOK_DISABLE_AFTER_DAYS,
    },
    apiKeyRequestsPerMinute: values.API_KEY_REQUESTS_PER_MINUTE,
    migrateOnStart: values.MIGRATE_ON_START,
    backup: {
      dir: path.resolve(values.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      intervalHours: values.BACKUP_INTERVAL_HOURS ?? (values.DATABASE_URL?.startsWith('postgres') ? 0 : 24),
      keep: values.BACKUP_KEEP,
      beforeMigrate: values.BACKUP_BEFORE_MIGRATE,
    },
    worker: {
      enabled: values.WORKER_ENABLED,
      healthPort: values.WORKER_HEALTH_PORT,
      concurrency: values.WORKER_CONCURRENCY,
      deliveryConcurrency: values.WORKER_DELIVERY_CONCURRENCY,
      runningPerFairKey: values.WORKER_DELIVERIES_PER_ORGANISATION,
      imagesInFlight: values.WORKER_IMAGES_IN_FLIGHT,
      finishedJobRetentionDays: values.JOB_RETENTION_DAYS,
      pollMs: values.QUEUE_POLL_MS,
      leaseSeconds: values.QUEUE_LEASE_SECONDS,
    },
    inference: {
      parallelRuns: values.INFERENCE_PARALLEL_RUNS,
      threads: values.INFERENCE_THREADS ?? defaultInferenceThreads(values.INFERENCE_PARALLEL_RUNS),
      maxTilePixels: values.INFERENCE_MAX_TILE_PIXELS,
      idleReleaseSeconds: values.INFERENCE_IDLE_RELEASE_SECONDS,
      modelsKept: values.INFERENCE_MODELS_KEPT ?? values.WORKER_CONCURRENCY,
    },
    foulingRating: { microfoulingMinPercent: values.FOULING_MICROFOULING_MIN_PERCENT },
    confidence: {
      lowBelow: values.PREDICTION_LOW_CONFIDENCE_BELOW,
      lowBelowFair: values.PREDICTION_LOW_CONFIDENCE_BELOW_FAIR,
    },
    imageQuality: {
      thresholds: values.IMAGE_QUALITY_THRESHOLDS,
      includePoorInRatings: values.RATINGS_INCLUDE_POOR_PHOTOS,
    },
    production: values.PRODUCTION,
    payments,
    creditPrices: values.CREDIT_PRICES,
  };
}
