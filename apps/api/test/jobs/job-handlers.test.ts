import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobCatalog } from '../../src/job-catalog.js';
import { jobHandlers } from '../../src/jobs/job-handlers.js';
import { catalogOf, defineJob } from '../../src/jobs/job-queue.js';

const catalog = catalogOf([
  defineJob('resize', z.object({ id: z.number() }), { maxAttempts: 2 }),
  defineJob('notify', z.object({ to: z.string() }), { maxAttempts: 1 }),
]);
const noop = { handle: async () => undefined };

describe('job handlers', () => {
  it('hands the runner each catalogued job with its one handler', () => {
    const jobs = jobHandlers(catalog);
    jobs.handle('resize', noop);
    jobs.handle('notify', noop);
    const complete = jobs.complete();
    expect([...complete.keys()].sort()).toEqual(['notify', 'resize']);
    expect(complete.get('resize')).toMatchObject({ spec: { maxAttempts: 2 }, handler: noop });
  });

  it('refuses to start when a catalogued job has no handler, naming it', () => {
    const jobs = jobHandlers(catalog);
    jobs.handle('resize', noop);
    expect(() => jobs.complete()).toThrow('No handler for job "notify"');
  });

  it('refuses a second handler for one job', () => {
    const jobs = jobHandlers(catalog);
    jobs.handle('resize', noop);
    expect(() => jobs.handle('resize', noop)).toThrow('Job "resize" has more than one handler');
  });

  it('refuses a handler for a job that is not catalogued', () => {
    const jobs = jobHandlers(catalog);
    expect(() => jobs.handle('resise' as 'resize', noop)).toThrow('Job "resise" is not in the job catalog');
  });

  it('refuses a catalog that names one job twice', () => {
    const twice = [
      defineJob('resize', z.object({}), { maxAttempts: 1 }),
      defineJob('resize', z.object({}), { maxAttempts: 3 }),
    ];
    expect(() => catalogOf(twice)).toThrow('Job "resize" is catalogued twice');
  });

  it("catalogues the product's jobs with their payload schemas", () => {
    expect(Object.keys(jobCatalog)).toEqual(['predict-request', 'data-export', 'webhook-delivery']);
    expect(jobCatalog['predict-request'].payload.safeParse({ requestId: 0 }).success).toBe(false);
    expect(jobCatalog['data-export'].payload.safeParse({ exportId: 0 }).success).toBe(false);
    expect(jobCatalog['data-export'].payload.safeParse({ exportId: 3 }).success).toBe(true);
  });
});
