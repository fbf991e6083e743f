import { z } from 'zod';
import { id, idParam, isoDateTime, messages, optionalText, requiredText } from './common.js';
import { ImageDetailsList } from './images.js';
import { InspectionSummary, InspectionSummaryQuery, ReportPdfQuery } from './inspections.js';
import { Project } from './projects.js';

export const SHARE_LINK_DEFAULT_DAYS = 30;
export const SHARE_LINK_MAX_DAYS = 366;

export const ShareLink = z
  .object({
    id,
    label: z.string().nullable().describe('Who the link is for, as the sender wrote it'),
    created_by: z.string().nullable(),
    created_at: isoDateTime,
    expires_at: isoDateTime,
    revoked_at: isoDateTime.nullable(),
    status: z.enum(['ACTIVE', 'REVOKED', 'EXPIRED']),
    views: z.number().int().min(0),
    last_viewed_at: isoDateTime.nullable(),
  })
  .meta({ id: 'ShareLink' });
export type ShareLink = z.infer<typeof ShareLink>;
export const ShareLinkList = z.array(ShareLink);

export const ShareLinkCreated = ShareLink.extend({
  url: z.string().describe('The link to hand over; shown once, the server keeps only its hash'),
}).meta({ id: 'ShareLinkCreated' });

export const ShareLinkRequest = z
  .object({
    label: optionalText(120).optional(),
    expires_in_days: z
      .number()
      .int('A valid integer is required.')
      .min(1, 'Ensure this value is greater than or equal to 1.')
      .max(SHARE_LINK_MAX_DAYS, `Ensure this value is less than or equal to ${SHARE_LINK_MAX_DAYS}.`)
      .default(SHARE_LINK_DEFAULT_DAYS),
  })
  .meta({ id: 'ShareLinkRequest' });

export const ShareLinkParams = z.object({ id: idParam, linkId: idParam });

const token = requiredText(messages.required, 200).describe("The share link's token");
export const SharedQuery = z.object({ token });
export const SharedSummaryQuery = InspectionSummaryQuery.extend({ token });
export const SharedReportQuery = ReportPdfQuery.extend({ token });

/** What a share link opens: one inspection, read-only. */
export const SharedInspection = z
  .object({
    organisation: z.string().describe('Shared by'),
    label: z.string().nullable(),
    expires_at: isoDateTime,
    project: Project,
    summary: InspectionSummary,
    images: ImageDetailsList,
  })
  .meta({ id: 'SharedInspection' });
export type SharedInspection = z.infer<typeof SharedInspection>;
