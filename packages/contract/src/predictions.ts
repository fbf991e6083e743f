import { z } from 'zod';
import { MAX_DATABASE_ID, id, predictionConfidenceFields } from './common.js';

export const PredictionThumbnail = z
  .object({
    prediction_id: id,
    image_name: z.string(),
    base64_thumbnail: z.string(),
    model_id: id,
    resolution_id: id,
    project_id: id,
    id,
    ...predictionConfidenceFields,
  })
  .meta({ id: 'PredictionThumbnail' });
export type PredictionThumbnail = z.infer<typeof PredictionThumbnail>;

export const PredictionThumbnails = z
  .object({ models: z.array(id), resolutions: z.array(id), thumbnails: z.array(PredictionThumbnail) })
  .meta({ id: 'PredictionThumbnails' });
export type PredictionThumbnails = z.infer<typeof PredictionThumbnails>;

export const ResultImageType = z.enum(['PRED', 'ORG', 'STAT']);
export const ResultImage = z
  .object({
    id,
    image_name: z.string(),
    base64_image: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    type: ResultImageType,
  })
  .meta({ id: 'ResultImage' });
export type ResultImage = z.infer<typeof ResultImage>;

export const LabelPercentage = z.object({
  label: z.string(),
  hex_color: z.string(),
  percentage: z.number(),
});
export type LabelPercentage = z.infer<typeof LabelPercentage>;

export const IMO_RATING_SCALE = 'IMO MEPC.378(80)';
/** The scale's descriptions, by rating value 0 to 4. */
export const IMO_RATING_LABELS = [
  'No fouling',
  'Microfouling',
  'Light macrofouling',
  'Medium macrofouling',
  'Heavy macrofouling',
] as const;

/** Rating 0 to 4 from green to red, each with a text colour that reads on it (web app and reports). */
export const IMO_RATING_COLOURS = [
  { background: '#2e7d32', text: '#ffffff' },
  { background: '#c0ca33', text: '#000000' },
  { background: '#fbc02d', text: '#000000' },
  { background: '#ef6c00', text: '#000000' },
  { background: '#c62828', text: '#ffffff' },
] as const;

export const FoulingRating = z
  .object({
    scale: z.literal(IMO_RATING_SCALE),
    value: z.number().int().min(0).max(4),
    label: z.enum(IMO_RATING_LABELS),
    macrofouling_percentage: z
      .number()
      .min(0)
      .max(100)
      .describe('Of the surface: the classes counted in the percentages (Background excluded)'),
    microfouling_percentage: z
      .number()
      .min(0)
      .max(100)
      .describe('Of the surface, as macrofouling_percentage'),
    macrofouling_noise_floor_percentage: z
      .number()
      .min(0)
      .max(100)
      .optional()
      .describe(
        "The model's noise floor: the most macrofouling it reads on real photos free of it; a share up to it raises no band. Absent when its manifest states none",
      ),
    macrofouling_within_noise: z
      .boolean()
      .optional()
      .describe(
        'Macrofouling was read, but no more than the noise floor, so it did not count towards the rating (with the floor only)',
      ),
  })
  .describe(
    "The IMO MEPC.378(80) fouling rating (0 to 4) from the class percentages and each class's fouling category; the rules are in docs/user-guide.md (Fouling rating).",
  )
  .meta({ id: 'FoulingRating' });
export type FoulingRating = z.infer<typeof FoulingRating>;

export const PredictionSet = z
  .object({
    predictions: z.array(LabelPercentage),
    PRED: ResultImage,
    ORG: ResultImage,
    STAT: ResultImage,
    fouling_rating: FoulingRating.nullable()
      .optional()
      .describe(
        "Null when the prediction cannot be rated: no hull surface in view, or a class without a fouling category in its model's manifest",
      ),
    ...predictionConfidenceFields,
  })
  .meta({ id: 'PredictionSet' });
export type PredictionSet = z.infer<typeof PredictionSet>;

/** Schedule payload: model id, resolution id and the chosen image ids. */
export const SchedulePayload = z
  .object({
    model: z.number({ error: 'Required' }).int().positive().max(MAX_DATABASE_ID),
    resolution: z.number({ error: 'Required' }).int().positive().max(MAX_DATABASE_ID),
    images: z.array(id, { error: 'Required' }).min(1, 'Select at least one image.').max(1000),
  })
  .meta({ id: 'SchedulePayload' });
export type SchedulePayload = z.infer<typeof SchedulePayload>;

/**
 * One image's price in a prediction request. An image is never enlarged, so one no larger than a
 * cheaper resolution's maximum gives the same result there and is charged that price.
 */
export const ImageCharge = z
  .object({
    image: id,
    image_name: z.string(),
    credits: z.number().int().nonnegative(),
    resolution: id.describe(
      "The resolution whose price is charged: the chosen one, or a cheaper one whose maximum the image's longer side does not exceed",
    ),
  })
  .meta({ id: 'ImageCharge' });
export type ImageCharge = z.infer<typeof ImageCharge>;

export const CreditCheckResponse = z
  .object({
    message: z.string(),
    data: z.object({
      credits: z.number().int(),
      images: z.array(id),
      required_credits: z.number(),
      valid: z.boolean(),
      charges: z
        .array(ImageCharge)
        .optional()
        .describe('What each image costs, in the order of `images`, once the images are known'),
    }),
  })
  .meta({ id: 'CreditCheckResponse' });
export type CreditCheckResponse = z.infer<typeof CreditCheckResponse>;

/** The web app's default before any validation: invalid, with infinite required credits (spec §9). */
export const emptyCreditCheck: CreditCheckResponse = {
  message: '',
  data: { credits: 0, images: [], required_credits: Number.POSITIVE_INFINITY, valid: false },
};

export const PredictionRequestCreated = z
  .object({ message: z.string(), request_id: id })
  .meta({ id: 'PredictionRequestCreated' });
export type PredictionRequestCreated = z.infer<typeof PredictionRequestCreated>;

export const RequestStatusValue = z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED']);
export type RequestStatusValue = z.infer<typeof RequestStatusValue>;

export const RequestProgress = z.object({
  done: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type RequestProgress = z.infer<typeof RequestProgress>;

/** request_id 0 means nothing runs (the web app's empty default). */
export const CurrentRequest = z
  .object({
    request_id: z.number().int().nonnegative(),
    status: RequestStatusValue.nullable(),
    progress: RequestProgress.optional(),
  })
  .meta({ id: 'CurrentRequest' });
export type CurrentRequest = z.infer<typeof CurrentRequest>;

export const RequestStatus = z
  .object({ id, status: RequestStatusValue, progress: RequestProgress })
  .meta({ id: 'RequestStatus' });
export type RequestStatus = z.infer<typeof RequestStatus>;
