import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { ThrottleSettings } from './features/auth/login-throttle.js';
import { DEFAULT_MAX_TILE_PIXELS, MIN_MAX_TILE_PIXELS } from './inference/tile-plan.js';

/**
 * Images of one request worked at once: one image's decoding and rendering (this thread and libvips)
 * overlap the other's model runs (in the inference threads). Measured on 2 cores at Full HD, when
 * models still ran on this thread, with a throw-away script that alternated blocks of 6 images one
 * and two at a time in one process (this machine's speed drifts too much to compare separate runs):
 * two at a time took 5 % (Evo) and 15 % (Base) less time per image, median of 6 paired blocks;
 * three gained nothing more.
 */
export const DEFAULT_IMAGES_IN_FLIGHT = 2;

/**
 * Model runs at once, each in its own worker thread with its own sessions (inference/session-cache.ts).
 * One by default, for memory. Two single-threaded runs side by side use 2 cores better than one run
 * on both (onnxruntime's second intra-op thread makes a run of the bundled models only about 1.3×
 * faster): on 2 cores at Full HD with 2 images in flight, alternating blocks of 6 images in one
 * process (a throw-away script), 2 runs of 1 thread took 13–35 % less time per image than the model
 * run on this thread had, and 1 run of 2 threads in its worker thread 4–5 % less. In the built server
 * (`npm run bench:server`: Full HD requests of 8 photos, both models loaded) 2 runs took 412–532 ms
 * per image against 606–650 ms with 1, but peak RSS was 474–607 MB against 411–457 MB, and the
 * target is 600 MB. With PRED written from the class map (palette PNG), in alternating blocks:
 * 2 runs 387–524 ms per image against 1 run 475–699 ms (12–25 % less in each pair); 2-run peaks
 * over five servers 473–591 MB (the larger after the second model has run too) against 395–449 MB.
 * Still too close to the target to be the default; INFERENCE_PARALLEL_RUNS=2 is the faster choice
 * where memory allows.
 */
export const DEFAULT_PARALLEL_RUNS = 1;

/** onnxruntime threads per model run unless INFERENCE_THREADS says: the cores shared among the runs. */
export function defaultInferenceThreads(parallelRuns: number): number {
  return Math.max(1, Math.floor(availableParallelism() / parallelRuns));
}

/** Thrown at start-up with every bad environment variable listed, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** Every variable the product reads; the README's configuration table mirrors this object. */
const EnvSchema = z.object({
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
  SIGNUP_BONUS_CREDITS: z.coerce.number().int().min(0).default(50),
  CORS_ORIGINS: optionalString,
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  MODELS_DIR: optionalString,
  UPLOAD_MAX_FILE_MB: positiveInt(50),
  UPLOAD_MAX_MEGAPIXELS: positiveInt(100),
  UPLOAD_MAX_FILES: positiveInt(20),
  UPLOAD_MAX_CONCURRENT_PER_USER: positiveInt(2),
  WORKER_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  WORKER_CONCURRENCY: positiveInt(1),
  WORKER_HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  MIGRATE_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
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
  PRODUCTION: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
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
  STRIPE_AUTOMATIC_TAX: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  // Only for tests: point the stripe package at a local stand-in instead of api.stripe.com.
  STRIPE_API_HOST: optionalString,
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
});

export type DatabaseConfig = { dialect: 'sqlite'; filename: string } | { dialect: 'postgres'; url: string };

/** A credit tier: whole credits for a net price in euro cents (excluding VAT). */
export interface CreditPriceTier {
  amount: number;
  priceCents: number;
}

export interface StripeConfig {
  provider: 'stripe';
  secretKey: string;
  webhookSecret: string;
  automaticTax: boolean;
  api?: { host: string; port?: number; protocol?: 'http' | 'https' };
}

/** Stripe when a key is configured; otherwise the embedded sandbox, which never moves money. */
export type PaymentsConfig = { provider: 'sandbox' } | StripeConfig;

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  database: DatabaseConfig;
  appUrl: string;
  jwtSecret: string;
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  tokens: {
    accessTtlSeconds: number;
    refreshTtlSeconds: number;
    confirmationTtlSeconds: number;
    passwordResetTtlSeconds: number;
  };
  loginThrottle: ThrottleSettings;
  /** Anonymous account requests (registration, reset request, reset) per client address, reset mails per account. */
  accountRequestLimits: { perAddressPerHour: number; resetMailsPerAccountPerHour: number };
  signupBonusCredits: number;
  corsOrigins: string[];
  trustProxy: boolean;
  bodyLimitBytes: number;
  logLevel: string;
  webDistDir: string;
  modelsDir: string;
  storageDir: string;
  uploads: {
    maxFileBytes: number;
    maxPixels: number;
    maxFiles: number;
    /** Upload requests one user may have in progress in this process at once (429 beyond). */
    maxConcurrentPerUser: number;
    tempDir: string;
  };
  /** Apply pending migrations at start (one process); false: refuse an older schema (`npm run migrate`). */
  migrateOnStart: boolean;
  worker: {
    enabled: boolean;
    /** `npm run worker` answers health checks on this port (HOST) when set; no other HTTP. */
    healthPort: number | undefined;
    concurrency: number;
    imagesInFlight: number;
    pollMs: number;
    leaseSeconds: number;
  };
  /** Model runs at once (each in its own inference thread), onnxruntime threads per run, tile bound. */
  inference: { parallelRuns: number; threads: number; maxTilePixels: number };
  production: boolean;
  payments: PaymentsConfig;
  creditPrices: CreditPriceTier[];
}

function databaseConfig(url: string | undefined, dataDir: string): DatabaseConfig {
  if (url === undefined) return { dialect: 'sqlite', filename: path.join(dataDir, 'hullscope.sqlite') };
  if (url.startsWith('sqlite:')) {
    const filename = url.slice('sqlite:'.length).replace(/^\/\//, '');
    return { dialect: 'sqlite', filename: path.resolve(filename) };
  }
  return { dialect: 'postgres', url };
}

const PRICE = /^\d{1,6}\.\d{2}$/;

/**
 * Parses `amount:price` pairs such as `100:49.00,500:199.00` (price in euro excluding VAT, two
 * decimals), sorted by amount. Shared by CREDIT_PRICES and the admin command that sets prices.
 */
export function parseCreditPrices(list: string): CreditPriceTier[] {
  const tiers = list
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const [amountText = '', priceText = '', ...rest] = pair.split(':').map((part) => part.trim());
      const amount = Number(amountText);
      if (rest.length > 0 || !/^\d+$/.test(amountText) || amount <= 0 || amount > 1_000_000) {
        throw new Error(`"${pair}" must be credits:price, e.g. 100:49.00`);
      }
      if (!PRICE.test(priceText)) throw new Error(`price of ${amount} credits must look like 49.00`);
      // Whole cents from the text itself, never through floating point.
      const priceCents = Number(priceText.replace('.', ''));
      if (priceCents <= 0) throw new Error(`price of ${amount} credits must be above 0.00`);
      return { amount, priceCents };
    })
    .sort((a, b) => a.amount - b.amount);
  if (tiers.length === 0) throw new Error('at least one tier is needed, e.g. 100:49.00');
  const amounts = tiers.map((tier) => tier.amount);
  const repeated = amounts.find((amount, index) => amounts.indexOf(amount) !== index);
  if (repeated !== undefined) throw new Error(`${repeated} credits is listed twice`);
  return tiers;
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

/** JWT_SECRET when set; otherwise one generated on first start and kept in DATA_DIR, so restarts keep sessions. */
function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const secretFile = path.join(dataDir, 'jwt-secret');
  if (existsSync(secretFile)) return readFileSync(secretFile, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Parses and checks the environment once; creates DATA_DIR. Throws ConfigError listing every bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
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
  mkdirSync(dataDir, { recursive: true });
  return {
    host: values.HOST,
    port: values.PORT,
    dataDir,
    database: databaseConfig(values.DATABASE_URL, dataDir),
    appUrl: (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    jwtSecret: resolveJwtSecret(values.JWT_SECRET, dataDir),
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
    },
    signupBonusCredits: values.SIGNUP_BONUS_CREDITS,
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
    uploads: {
      maxFileBytes: values.UPLOAD_MAX_FILE_MB * 1024 * 1024,
      maxPixels: values.UPLOAD_MAX_MEGAPIXELS * 1_000_000,
      maxFiles: values.UPLOAD_MAX_FILES,
      maxConcurrentPerUser: values.UPLOAD_MAX_CONCURRENT_PER_USER,
      tempDir: path.join(dataDir, 'tmp'),
    },
    migrateOnStart: values.MIGRATE_ON_START,
    worker: {
      enabled: values.WORKER_ENABLED,
      healthPort: values.WORKER_HEALTH_PORT,
      concurrency: values.WORKER_CONCURRENCY,
      imagesInFlight: values.WORKER_IMAGES_IN_FLIGHT,
      pollMs: values.QUEUE_POLL_MS,
      leaseSeconds: values.QUEUE_LEASE_SECONDS,
    },
    inference: {
      parallelRuns: values.INFERENCE_PARALLEL_RUNS,
      threads: values.INFERENCE_THREADS ?? defaultInferenceThreads(values.INFERENCE_PARALLEL_RUNS),
      maxTilePixels: values.INFERENCE_MAX_TILE_PIXELS,
    },
    production: values.PRODUCTION,
    payments,
    creditPrices: values.CREDIT_PRICES,
  };
}
