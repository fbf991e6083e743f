import { z } from 'zod';
import { id, isoDateTime, multilineText, requiredText } from './common.js';
import { MaskAuthor } from './mask-versions.js';

/** Issue 39 §4: a member signs an inspection, as the Biofouling Record Book asks. */
export const SignRequest = z
  .object({
    name: requiredText('Enter the name of the person signing.', 200),
    position: requiredText('Enter the position of the person signing.', 200),
  })
  .strict()
  .meta({ id: 'SignRequest' });
export type SignRequest = z.infer<typeof SignRequest>;

export const ReopenRequest = z
  .object({
    reason: multilineText(1000).refine(
      (text) => text.length > 0,
      'Give the reason the inspection is reopened.',
    ),
  })
  .strict()
  .meta({ id: 'ReopenRequest' });
export type ReopenRequest = z.infer<typeof ReopenRequest>;

export const Signature = z
  .object({
    revision: z.number().int().positive(),
    name: z.string(),
    position: z.string(),
    signed_by: MaskAuthor,
    signed_at: isoDateTime,
    report_sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe('Of the signed report.json, byte for byte'),
  })
  .meta({ id: 'Signature' });
export type Signature = z.infer<typeof Signature>;

export const Revision = Signature.extend({
  reopened_at: isoDateTime.nullable(),
  reopened_by: MaskAuthor.nullable(),
  reopen_reason: z.string().nullable(),
}).meta({ id: 'Revision' });
export type Revision = z.infer<typeof Revision>;

export const RevisionList = z
  .object({
    project: id,
    signed: z.boolean().describe('True while the newest revision is signed and not reopened'),
    next_revision: z.number().int().positive().describe('The revision the next signature makes'),
    revisions: z.array(Revision).describe('Oldest first'),
  })
  .meta({ id: 'RevisionList' });
export type RevisionList = z.infer<typeof RevisionList>;

export const RevisionParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  revision: z.coerce.number().int().positive().max(2_147_483_647),
});

export const signOffMessages = {
  signed: (revision: number) => `This inspection is signed (revision ${revision}). Reopen it to change it.`,
  notSigned: 'This inspection is not signed.',
  undecidedAreas: (labels: string[]) =>
    `Decide these areas of the checklist before signing: ${labels.join(', ')}.`,
} as const;
