import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/** Builds one data export's ZIP (run-data-export.ts); enqueued when the user asks for it. */
export const dataExportJob = defineJob('data-export', z.object({ exportId: z.number().int().positive() }), {
  maxAttempts: 2,
});

export type DataExportPayload = z.infer<typeof dataExportJob.payload>;
