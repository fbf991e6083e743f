import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
  LOGIN_THROTTLE_WINDOW_MINUTES: positiveInt(15),
  SIGNUP_BONUS_CREDITS: z.coerce.number().int().min(0).default(50),
  CORS_ORIGINS: optionalString,
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
});

export type DatabaseConfig = { dialect: 'sqlite'; filename: string } | { dialect: 'postgres'; url: string };

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
  loginThrottle: { maxFailuresPerAccount: number; maxFailuresPerAddress: number; windowSeconds: number };
  signupBonusCredits: number;
  corsOrigins: string[];
  trustProxy: boolean;
  bodyLimitBytes: number;
  logLevel: string;
  webDistDir: string;
}

function databaseConfig(url: string | undefined, dataDir: string): DatabaseConfig {
  if (url === undefined) return { dialect: 'sqlite', filename: path.join(dataDir, 'hullscope.sqlite') };
  if (url.startsWith('sqlite:')) {
    const filename = url.slice('sqlite:'.length).replace(/^\/\//, '');
    return { dialect: 'sqlite', filename: path.resolve(filename) };
  }
  return { dialect: 'postgres', url };
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
      windowSeconds: values.LOGIN_THROTTLE_WINDOW_MINUTES * 60,
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
  };
}
