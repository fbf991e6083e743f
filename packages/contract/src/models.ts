import { z } from 'zod';
import { id, isoDateTime } from './common.js';

export const FOULING_CATEGORIES = ['none', 'microfouling', 'macrofouling'] as const;

/**
 * What a class counts as on the IMO MEPC.378(80) fouling rating scale: `none` (Background, clean
 * surface), `microfouling` (slime films) or `macrofouling` (soft and hard fouling, macroalgae).
 */
export const FoulingCategory = z
  .enum(FOULING_CATEGORIES, {
    error: (issue) =>
      issue.input === undefined
        ? `missing: declare the class's fouling category, one of ${FOULING_CATEGORIES.join(', ')}`
        : `must be one of ${FOULING_CATEGORIES.join(', ')}`,
  })
  .meta({ id: 'FoulingCategory' });
export type FoulingCategory = z.infer<typeof FoulingCategory>;

export const ModelClass = z
  .object({
    label: z.string(),
    hex_color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    in_percentages: z.boolean(),
    fouling_category: FoulingCategory.optional().describe(
      'For the IMO fouling rating. Every manifest declares it; a model registered before it existed may lack it.',
    ),
  })
  .meta({ id: 'ModelClass' });
export type ModelClass = z.infer<typeof ModelClass>;

export const CvModel = z
  .object({
    id,
    name: z.string(),
    architecture: z.string(),
    backbone: z.string(),
    version: z.string(),
    filename: z.string(),
    description: z.string().nullable(),
    active: z.boolean(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
    classes: z.array(ModelClass),
  })
  .meta({ id: 'CvModel' });
export type CvModel = z.infer<typeof CvModel>;
export const CvModelList = z.array(CvModel);

export const Resolution = z
  .object({
    id,
    name: z.string(),
    display_name: z.string(),
    type: z.string(),
    price: z.number().int().nonnegative().describe('Credits per image'),
    resolution: z.number().int().positive().describe('Maximum side in pixels'),
    active: z.boolean(),
  })
  .meta({ id: 'Resolution' });
export type Resolution = z.infer<typeof Resolution>;
export const ResolutionList = z.array(Resolution);

/** The model manifest beside each model.onnx (architecture.md §4). */
export const ModelManifest = z.object({
  name: z.string().min(1),
  version: z.string().min(1),
  architecture: z.string().min(1),
  backbone: z.string().min(1),
  description: z.string().nullable().optional(),
  /**
   * The model card's caveats, quoted in inspection reports' "Methods and limitations" (issue 18 §6).
   * Optional: a model without them is reported as coming with none stated.
   */
  limitations: z.array(z.string().min(1).max(600)).max(20).optional(),
  /** Whether the model has been measured on real photos labelled by people; reports say so when not. */
  validated_on_real_photos: z.boolean().optional(),
  /**
   * The largest share of the surface (percent) the model reads as macrofouling on real photos people
   * judged free of it (`npm run model:eval`): a share up to it is noise and raises no rating band.
   */
  macrofouling_noise_floor_percent: z.number().min(0).max(100).optional(),
  /**
   * The numeric precision model.onnx runs in: `int8` for a statically quantised (QDQ) model, `fp32`
   * when stated for a float one. Optional and informative (bench:model prints it): both run the same
   * way, the model's input and logits staying float either way (ml/quantize.py).
   */
  precision: z.enum(['fp32', 'int8']).optional(),
  input: z.object({
    layout: z.literal('NCHW'),
    channels: z.literal('RGB'),
    mean: z.tuple([z.number(), z.number(), z.number()]),
    std: z.tuple([z.number().positive(), z.number().positive(), z.number().positive()]),
    stride: z.number().int().positive(),
  }),
  // Class maps hold one byte per pixel.
  classes: z
    .array(ModelClass.extend({ fouling_category: FoulingCategory }))
    .min(2)
    .max(256)
    .superRefine((classes, context) => {
      classes.forEach((modelClass, index) => {
        // A class outside the percentages is outside the rated surface: it cannot count as fouling.
        if (!modelClass.in_percentages && modelClass.fouling_category !== 'none') {
          context.addIssue({
            code: 'custom',
            path: [index, 'fouling_category'],
            message: `must be none for a class left out of the percentages (in_percentages: false)`,
          });
        }
      });
    }),
});
export type ModelManifest = z.infer<typeof ModelManifest>;
