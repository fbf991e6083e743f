import { z } from 'zod';
import { id, isoDateTime } from './common.js';
import { HullZone } from './images.js';
import { MaskAuthor } from './mask-versions.js';

/** Issue 39 §3: whether a person looked at an analysed image's mask. */
export const REVIEW_STATES = ['unreviewed', 'accepted', 'corrected'] as const;
export const ReviewState = z.enum(REVIEW_STATES);
export type ReviewState = z.infer<typeof ReviewState>;

/** What a reviewer may set by hand; `corrected` comes only from saving a mask version. */
export const ReviewUpdateRequest = z
  .object({
    state: z.enum(['accepted', 'unreviewed'], { error: 'Choose accepted or unreviewed.' }),
    prediction: id
      .optional()
      .describe("The prediction whose mask is accepted; by default the image's newest prediction"),
  })
  .strict()
  .meta({ id: 'ReviewUpdateRequest' });
export type ReviewUpdateRequest = z.infer<typeof ReviewUpdateRequest>;

export const ImageReview = z
  .object({
    image: id,
    prediction: id.nullable().describe('The prediction reviewed; null while unreviewed'),
    state: ReviewState,
    reviewed_by: MaskAuthor.nullable(),
    reviewed_at: isoDateTime.nullable(),
  })
  .meta({ id: 'ImageReview' });
export type ImageReview = z.infer<typeof ImageReview>;

export const ReviewCounts = z
  .object({
    reviewed: z.number().int().nonnegative().describe('Analysed photos a person accepted or corrected'),
    total: z.number().int().nonnegative().describe('Analysed photos'),
    corrected: z.number().int().nonnegative().optional(),
    changed_pixels_percentage: z
      .number()
      .min(0)
      .max(100)
      .optional()
      .describe("Share of the reviewed photos' pixels a person changed from the model's masks"),
  })
  .meta({ id: 'ReviewCounts' });
export type ReviewCounts = z.infer<typeof ReviewCounts>;

export const ReviewQueueItem = z
  .object({
    image: id,
    image_name: z.string(),
    prediction: id,
    hull_zone: HullZone.nullable(),
    confidence: z.number().min(0).max(1).nullable(),
    low_confidence: z.boolean().nullable(),
  })
  .meta({ id: 'ReviewQueueItem' });
export type ReviewQueueItem = z.infer<typeof ReviewQueueItem>;

export const ReviewQueue = z
  .object({
    items: z
      .array(ReviewQueueItem)
      .describe(
        'The unreviewed analysed images: those marked low confidence first, then the rest, each lowest confidence first (unknown confidence last)',
      ),
    counts: ReviewCounts,
  })
  .meta({ id: 'ReviewQueue' });
export type ReviewQueue = z.infer<typeof ReviewQueue>;
