import { z } from 'zod';
import { id } from './common.js';

/** Issue 39 §7: how far a model agrees with the people who reviewed its masks. */
export const ClassAgreement = z
  .object({
    index: z.number().int().nonnegative(),
    name: z.string(),
    iou: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe('Null when neither the model nor a reviewer used the class'),
    reviewer_pixels: z.number().int().nonnegative(),
    model_pixels: z.number().int().nonnegative(),
  })
  .meta({ id: 'ClassAgreement' });
export type ClassAgreement = z.infer<typeof ClassAgreement>;

export const ModelAgreement = z
  .object({
    model: z.object({ id, name: z.string() }),
    photos: z.number().int().nonnegative().describe('Reviewed photos (accepted or corrected)'),
    corrected_photos: z.number().int().nonnegative(),
    pixels: z.number().int().nonnegative(),
    pixel_accuracy: z.number().min(0).max(1).nullable(),
    classes: z.array(ClassAgreement),
    ratings_compared: z
      .number()
      .int()
      .nonnegative()
      .describe('Photos rated both by the model and the reviewed mask'),
    ratings_agree: z.number().int().nonnegative(),
    rating_agreement: z.number().min(0).max(1).nullable(),
    weighted_kappa: z
      .number()
      .min(-1)
      .max(1)
      .nullable()
      .describe("Cohen's kappa with quadratic weights over the 0–4 ratings; null when undefined"),
  })
  .meta({ id: 'ModelAgreement' });
export type ModelAgreement = z.infer<typeof ModelAgreement>;

export const Agreement = z
  .object({
    scope: z.enum(['project', 'organisation']),
    models: z.array(ModelAgreement).describe('Most reviewed photos first'),
  })
  .meta({
    id: 'Agreement',
    description:
      'Sums of pixel counts stored when each photo was reviewed. Photos reviewed before such counts were stored are counted on first read, about a second per request; while some are left the answer is 503 with Retry-After, never figures over part of the photos.',
  });
export type Agreement = z.infer<typeof Agreement>;
