import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/**
 * Runs a paid prediction request's images (run-predict-request.ts); enqueued when it is scheduled.
 * Its handler bounds retries per image and per run without progress (each `maxAttempts`), so that
 * crashes spread over a long batch do not abandon its rest.
 */
export const predictRequestJob = defineJob(
  'predict-request',
  z.object({ requestId: z.number().int().positive() }),
  { maxAttempts: 3, handlerBoundsRetries: true },
);

export type PredictRequestPayload = z.infer<typeof predictRequestJob.payload>;
