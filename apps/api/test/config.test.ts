import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type * as OsModule from 'node:os';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../src/config.js';
import { DEFAULT_LOW_CONFIDENCE_BELOW_FAIR } from '../src/inference/confidence.js';
import { loadConfig } from '../src/load-config.js';

vi.mock('node:os', async (importOriginal) => {
  const os = await importOriginal<typeof OsModule>();
  return { ...os, availableParallelism: vi.fn(os.availableParallelism) };
});
const cores = vi.mocked(availableParallelism);

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hullscope-config-'));
});
afterEach(async () => {
  cores.mockRestore();
  await rm(dataDir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has the documented defaults: port 8000, SQLite in DATA_DIR, file outbox', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(8000);
    expect(config.database).toEqual({ dialect: 'sqlite', filename: path.join(dataDir, 'hullscope.sqlite') });
    expect(config.appUrl).toBe('http://localhost:8000');
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.mail.outboxDir).toBe(path.join(dataDir, 'outbox'));
    expect(config.tokens.accessTtlSeconds).toBe(15 * 60);
    expect(config.tokens.confirmationTtlSeconds).toBe(72 * 3600);
    expect(config.tokens.passwordResetTtlSeconds).toBe(3600);
    expect(config.signupBonusCredits).toBe(50);
    expect(config.corsOrigins).toEqual([]);
    expect(config.worker).toMatchObject({
      enabled: true,
      concurrency: 1,
      deliveryConcurrency: 4,
      runningPerFairKey: 2,
      imagesInFlight: 2,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, WORKER_DELIVERIES_PER_ORGANISATION: '3' }).worker.runningPerFairKey,
    ).toBe(3);
    expect(loadConfig({ DATA_DIR: dataDir, WORKER_IMAGES_IN_FLIGHT: '1' }).worker.imagesInFlight).toBe(1);
    expect(config.uploads.maxConcurrentPerUser).toBe(2);
    expect(
      loadConfig({ DATA_DIR: dataDir, UPLOAD_MAX_CONCURRENT_PER_USER: '5' }).uploads.maxConcurrentPerUser,
    ).toBe(5);
  });

  it('runs one model at a time on every core, and shares the cores among parallel runs', () => {
    // A machine of 5 cores, whatever this one has.
    cores.mockReturnValue(5);
    expect(loadConfig({ DATA_DIR: dataDir }).inference).toMatchObject({ parallelRuns: 1, threads: 5 });
    const shared = (runs: number) =>
      loadConfig({ DATA_DIR: dataDir, INFERENCE_PARALLEL_RUNS: String(runs) }).inference;
    // Rounded down, and never below one thread.
    expect(shared(2)).toMatchObject({ parallelRuns: 2, threads: 2 });
    expect(shared(8)).toMatchObject({ parallelRuns: 8, threads: 1 });
    expect(
      loadConfig({ DATA_DIR: dataDir, INFERENCE_PARALLEL_RUNS: '3', INFERENCE_THREADS: '4' }).inference,
    ).toMatchObject({ parallelRuns: 3, threads: 4 });
  });

  it('releases idle inference threads after 300 s by default, INFERENCE_IDLE_RELEASE_SECONDS otherwise, 0 never', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).inference.idleReleaseSeconds).toBe(300);
    for (const seconds of [0, 30]) {
      expect(
        loadConfig({ DATA_DIR: dataDir, INFERENCE_IDLE_RELEASE_SECONDS: String(seconds) }).inference
          .idleReleaseSeconds,
      ).toBe(seconds);
    }
  });

  it('keeps as many models per inference thread as the worker runs requests at once, unless INFERENCE_MODELS_KEPT says', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).inference.modelsKept).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, WORKER_CONCURRENCY: '3' }).inference.modelsKept).toBe(3);
    expect(
      loadConfig({ DATA_DIR: dataDir, WORKER_CONCURRENCY: '3', INFERENCE_MODELS_KEPT: '2' }).inference
        .modelsKept,
    ).toBe(2);
  });

  it('counts microfouling from 1 % of the surface by default, or from FOULING_MICROFOULING_MIN_PERCENT', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).foulingRating).toEqual({ microfoulingMinPercent: 1 });
    expect(loadConfig({ DATA_DIR: dataDir, FOULING_MICROFOULING_MIN_PERCENT: '5' }).foulingRating).toEqual({
      microfoulingMinPercent: 5,
    });
    for (const bad of ['0', '101', '2.5', 'some']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, FOULING_MICROFOULING_MIN_PERCENT: bad })).toThrow(
        /FOULING_MICROFOULING_MIN_PERCENT:/,
      );
    }
  });

  it('flags predictions below 0.6 confidence by default, or below PREDICTION_LOW_CONFIDENCE_BELOW', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).confidence.lowBelow).toBe(0.6);
    expect(
      loadConfig({ DATA_DIR: dataDir, PREDICTION_LOW_CONFIDENCE_BELOW: '0.45' }).confidence.lowBelow,
    ).toBe(0.45);
    // 0 turns the flag off (for good photos; the fair bound too for the others).
    expect(loadConfig({ DATA_DIR: dataDir, PREDICTION_LOW_CONFIDENCE_BELOW: '0' }).confidence.lowBelow).toBe(
      0,
    );
    for (const bad of ['-0.1', '1.5', '60%', 'some']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, PREDICTION_LOW_CONFIDENCE_BELOW: bad })).toThrow(
        /PREDICTION_LOW_CONFIDENCE_BELOW:/,
      );
    }
  });

  it('holds fair and poor photos to PREDICTION_LOW_CONFIDENCE_BELOW_FAIR, by default above the plain bound', () => {
    const { confidence } = loadConfig({ DATA_DIR: dataDir });
    expect(confidence.lowBelowFair).toBe(DEFAULT_LOW_CONFIDENCE_BELOW_FAIR);
    expect(confidence.lowBelowFair).toBeGreaterThan(confidence.lowBelow);
    expect(loadConfig({ DATA_DIR: dataDir, PREDICTION_LOW_CONFIDENCE_BELOW_FAIR: '0.7' }).confidence).toEqual(
      { lowBelow: 0.6, lowBelowFair: 0.7 },
    );
    for (const bad of ['-0.1', '1.5', '80%', 'some']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, PREDICTION_LOW_CONFIDENCE_BELOW_FAIR: bad })).toThrow(
        /PREDICTION_LOW_CONFIDENCE_BELOW_FAIR:/,
      );
    }
  });

  it('keeps files in DATA_DIR/storage by default, or in the bucket and prefix of STORAGE_URL', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).storage).toEqual({
      kind: 'local',
      dir: path.join(path.resolve(dataDir), 'storage'),
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        STORAGE_URL: 's3://hull-photos/tenant-a/hullscope/',
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'hull-photos',
      prefix: 'tenant-a/hullscope',
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(loadConfig({ DATA_DIR: dataDir, STORAGE_URL: 's3://hull-photos' }).storage).toMatchObject({
      prefix: '',
    });
  });

  it.each([
    ['https://hull-photos/x', /STORAGE_URL: must be s3:\/\/<bucket>/],
    ['s3://Hull_Photos', /STORAGE_URL: must be s3:\/\/<bucket>/],
    ['s3://hull-photos/a/../b', /STORAGE_URL: the prefix may hold/],
  ])('refuses STORAGE_URL=%s with what is wrong', (url, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, STORAGE_URL: url })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, STORAGE_URL: url })).toThrow(message);
  });

  it('applies migrations at start unless MIGRATE_ON_START=false; a worker health port only when set', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir });
    expect([defaults.migrateOnStart, defaults.worker.healthPort]).toEqual([true, undefined]);
    const scaled = loadConfig({ DATA_DIR: dataDir, MIGRATE_ON_START: 'false', WORKER_HEALTH_PORT: '9100' });
    expect([scaled.migrateOnStart, scaled.worker.healthPort]).toEqual([false, 9100]);
    expect(() => loadConfig({ DATA_DIR: dataDir, WORKER_HEALTH_PORT: '70000' })).toThrow(
      /WORKER_HEALTH_PORT/,
    );
  });

  it('selects PostgreSQL from a postgres:// URL', () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://u:p@db:5432/hullscope' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u:p@db:5432/hullscope' });
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', async () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect((await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim()).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(40) }).jwtSecret).toBe('s'.repeat(40));
  });

  it('lists every bad value at once, by variable name', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dataDir,
        PORT: 'eighty',
        DATABASE_URL: 'mysql://nope',
        JWT_SECRET: 'short',
        SMTP_URL: 'http://mail',
        APP_URL: 'not a url',
        ACCESS_TOKEN_TTL_MINUTES: '-5',
        INFERENCE_MAX_TILE_PIXELS: '4096',
        WORKER_IMAGES_IN_FLIGHT: '0',
        WORKER_DELIVERIES_PER_ORGANISATION: '0',
        INFERENCE_PARALLEL_RUNS: '0',
        INFERENCE_THREADS: '1.5',
        INFERENCE_IDLE_RELEASE_SECONDS: '-1',
        INFERENCE_MODELS_KEPT: '0',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'JWT_SECRET',
      'SMTP_URL',
      'APP_URL',
      'ACCESS_TOKEN_TTL_MINUTES',
      'INFERENCE_MAX_TILE_PIXELS',
      'WORKER_IMAGES_IN_FLIGHT',
      'WORKER_DELIVERIES_PER_ORGANISATION',
      'INFERENCE_PARALLEL_RUNS',
      'INFERENCE_THREADS',
      'INFERENCE_IDLE_RELEASE_SECONDS',
      'INFERENCE_MODELS_KEPT',
    ]) {
      expect(problems).toContain(`${name}:`);
    }
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:\n {2}- /);
  });
});
