import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema.js';

/** Thrown by a handler that stopped early because the worker is shutting down: the job is requeued as is. */
export class JobInterruptedError extends Error {
  constructor() {
    super('job interrupted by shutdown');
    this.name = 'JobInterruptedError';
  }
}

/**
 * One kind of job as producers see it: its name, the schema of its payload and how often it is
 * tried. Declared in a small `<name>.job.ts` beside the feature that runs it; the handler is
 * registered separately, by name, where workers are built.
 */
export interface JobSpec<Name extends string = string, Payload = unknown> {
  name: Name;
  payload: z.ZodType<Payload>;
  maxAttempts: number;
  /**
   * The handler bounds its retries itself, counting what its job is made of (a prediction request:
   * crashes per image and runs without progress), and settles the job when it stops trying. The
   * runner then retries every failure and runs a job claimed past its last attempt, instead of
   * giving up after `maxAttempts` runs of the whole job.
   */
  handlerBoundsRetries: boolean;
  /** Which of a worker's slots runs it (JobLane). */
  lane: JobLane;
}

/**
 * A worker runs each lane's jobs in the lane's own slots: 'main' (prediction requests, exports:
 * WORKER_CONCURRENCY at once) and 'deliveries' (short calls to other servers, webhook deliveries:
 * WORKER_DELIVERY_CONCURRENCY at once). A long survey then holds up no delivery, and a receiver
 * that answers slowly holds up no prediction.
 */
export type JobLane = 'main' | 'deliveries';

export function defineJob<const Name extends string, Payload>(
  name: Name,
  payload: z.ZodType<Payload>,
  {
    maxAttempts,
    handlerBoundsRetries = false,
    lane = 'main',
  }: { maxAttempts: number; handlerBoundsRetries?: boolean; lane?: JobLane },
): JobSpec<Name, Payload> {
  return { name, payload, maxAttempts, handlerBoundsRetries, lane };
}

/** Every job kind, keyed by name. */
export type JobCatalog = Record<string, JobSpec>;

export type PayloadOf<Spec> = Spec extends JobSpec<string, infer Payload> ? Payload : never;

/** The catalog of the given job specs, keyed by their names; a name given twice is refused. */
export function catalogOf<const Specs extends readonly JobSpec[]>(
  specs: Specs,
): { [Spec in Specs[number] as Spec['name']]: Spec } {
  const catalog: JobCatalog = {};
  for (const spec of specs) {
    if (catalog[spec.name]) throw new Error(`Job "${spec.name}" is catalogued twice`);
    catalog[spec.name] = spec;
  }
  return catalog as { [Spec in Specs[number] as Spec['name']]: Spec };
}

export interface JobContext {
  /** Aborted when the worker stops; long handlers check it between units of work. */
  signal: AbortSignal;
  attempt: number;
}

/** What a worker does with one kind of job. */
export interface JobHandler<Payload> {
  handle(payload: Payload, context: JobContext): Promise<void>;
  /**
   * Called when the last attempt has failed, or ended with its process, to leave the business state
   * consistent. Must be idempotent: a process that dies during it calls it again after a restart.
   */
  onGiveUp?(payload: Payload, error: unknown): Promise<void>;
}

export interface EnqueueOptions {
  /** Not before this time (ISO 8601); now when not given. Webhook retries follow their own schedule. */
  runAfter?: string;
  /**
   * Jobs of one key run at most `runningPerFairKey` at once across all workers (a webhook delivery:
   * its organisation's), so one key's backlog cannot fill every worker's slots. None: no such limit.
   */
  fairKey?: string;
}

/**
 * The producers' side of the queue port: a job is enqueued by name, its payload checked against the
 * catalog, in the caller's transaction, so a job exists exactly when the business change that needs
 * it commits. Producers never see handlers.
 */
export interface JobQueue<Catalog extends JobCatalog> {
  enqueue<Name extends keyof Catalog & string>(
    trx: Kysely<DB>,
    name: Name,
    payload: PayloadOf<Catalog[Name]>,
    options?: EnqueueOptions,
  ): Promise<void>;
}

/** The workers' side: takes jobs and runs their handlers until stopped. */
export interface JobRunner {
  start(): void;
  /** Looks for work now rather than at the next poll (a job was just enqueued in this process). */
  wake(): void;
  /** Stops taking jobs, interrupts running ones at their next checkpoint and waits for them. */
  stop(): Promise<void>;
}
