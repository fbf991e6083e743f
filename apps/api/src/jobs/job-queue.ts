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

export interface JobContext {
  /** Aborted when the worker stops; long handlers check it between units of work. */
  signal: AbortSignal;
  attempt: number;
}

/** One kind of job: a name, its payload schema and exactly one handler. */
export interface JobDefinition<Payload> {
  name: string;
  payload: z.ZodType<Payload>;
  maxAttempts: number;
  handle(payload: Payload, context: JobContext): Promise<void>;
  /**
   * Called when the last attempt has failed, or ended with its process, to leave the business state
   * consistent. Must be idempotent: a process that dies during it calls it again after a restart.
   */
  onGiveUp?(payload: Payload, error: unknown): Promise<void>;
}

/**
 * The queue port. `enqueue` takes the caller's transaction so a job exists exactly when the business
 * change that needs it commits. The embedded adapter is a table in the same database; pg-boss can
 * implement the same port for the scale-out mode.
 */
export interface JobQueue {
  enqueue<Payload>(trx: Kysely<DB>, definition: JobDefinition<Payload>, payload: Payload): Promise<void>;
  start(): void;
  /** Stops taking jobs, interrupts running ones at their next checkpoint and waits for them. */
  stop(): Promise<void>;
}
