import { z } from 'zod';
import { id, isoDateTime } from './common.js';

export const ModelClass = z
  .object({
    label: z.string(),
    hex_color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    in_percentages: z.boolean(),
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
  input: z.object({
    layout: z.literal('NCHW'),
    channels: z.literal('RGB'),
    mean: z.tuple([z.number(), z.number(), z.number()]),
    std: z.tuple([z.number().positive(), z.number().positive(), z.number().positive()]),
    stride: z.number().int().positive(),
  }),
  // Class maps hold one byte per pixel.
  classes: z.array(ModelClass).min(2).max(256),
});
export type ModelManifest = z.infer<typeof ModelManifest>;
