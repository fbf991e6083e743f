import { z } from 'zod';
import { MAX_DATABASE_ID, id, isoDateTime } from './common.js';
import { FoulingRating, LabelPercentage } from './predictions.js';

/** The multipart form field that carries a corrected mask (issue 39 §2). */
export const MASK_UPLOAD_FIELD = 'mask';

/** The person who saved a version; null for version 0, the model's own mask. */
export const MaskAuthor = z.object({ id, name: z.string() }).meta({ id: 'MaskAuthor' });
export type MaskAuthor = z.infer<typeof MaskAuthor>;

export const MaskVersion = z
  .object({
    version: z.number().int().nonnegative().describe("0 is the model's own mask, never changed"),
    author: MaskAuthor.nullable(),
    created_at: isoDateTime,
    changed_pixels_percentage: z
      .number()
      .min(0)
      .max(100)
      .describe("Share of the mask's pixels whose class differs from the model's mask"),
    restored_from: z
      .number()
      .int()
      .nonnegative()
      .nullable()
      .describe('The version this one restored, or null when it was saved from an edit'),
  })
  .meta({ id: 'MaskVersion' });
export type MaskVersion = z.infer<typeof MaskVersion>;

export const MaskVersionList = z
  .object({
    prediction: id,
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    current_version: z.number().int().nonnegative().describe('The newest version: the one every figure uses'),
    versions: z.array(MaskVersion).describe('Oldest first, version 0 first'),
  })
  .meta({ id: 'MaskVersionList' });
export type MaskVersionList = z.infer<typeof MaskVersionList>;

/** A saved (or restored) version with the prediction's figures recomputed from it. */
export const MaskVersionSaved = MaskVersion.extend({
  prediction: id,
  predictions: z.array(LabelPercentage).describe('The class percentages recomputed from this version'),
  fouling_rating: FoulingRating.nullable(),
}).meta({ id: 'MaskVersionSaved' });
export type MaskVersionSaved = z.infer<typeof MaskVersionSaved>;

export const MaskVersionParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_DATABASE_ID),
  predictionId: z.coerce.number().int().positive().max(MAX_DATABASE_ID),
  version: z.coerce.number().int().nonnegative().max(MAX_DATABASE_ID),
});

export const maskVersionMessages = {
  missing: `Send the mask as an index PNG in the form field "${MASK_UPLOAD_FIELD}".`,
  notPng: 'The mask is not a PNG file.',
  wrongSize: (width: number, height: number, expectedWidth: number, expectedHeight: number) =>
    `The mask is ${width}×${height}; this prediction is ${expectedWidth}×${expectedHeight}.`,
  notIndexed: (colorType: string) =>
    `The mask is ${colorType}; send an 8-bit greyscale or palette PNG whose values are class indexes.`,
  notAClass: (value: number, lastClass: number) =>
    `Pixel value ${value} is not a class of this model (0–${lastClass}).`,
} as const;
