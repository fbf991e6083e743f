import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/** Runs a paid prediction request's images (run-predict-request.ts); enqueued when it is scheduled. */
export const predictRequestJob = defineJob(
  'predict-request',
  z.object({ requestId: z.number().int().positive() }),
  { maxAttempts: 3 },
);

export type PredictRequestPayload = z.infer<typeof predictRequestJob.payload>;
