import { z } from 'zod';
import { id, isoDateTime } from './common.js';

/** How long the e-mailed link of a ready export works; the file is removed after it. */
export const DATA_EXPORT_LINK_HOURS = 24;

export const DataExport = z
  .object({
    id,
    status: z
      .enum(['QUEUED', 'RUNNING', 'READY', 'FAILED'])
      .describe('READY: the download link was e-mailed to the account address'),
    progress: z.object({
      done: z.number().int().min(0).describe('Files written into the ZIP so far'),
      total: z.number().int().min(0).describe('Files the ZIP will hold (0 until counted)'),
    }),
    size_bytes: z.number().int().min(0).nullable().describe("The ZIP's size once READY"),
    created_at: isoDateTime,
    expires_at: isoDateTime.nullable().describe('When the download link stops working (READY only)'),
    error: z.string().nullable().describe('Why it failed (FAILED only)'),
  })
  .meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof DataExport>;

export const DataExportDownloadQuery = z.object({
  token: z.string().min(1).max(200).describe('The token of the e-mailed link'),
});
