import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { REGION_GROUPS } from './region-scoring.js';

const Point = z.tuple([z.number().finite(), z.number().finite()]);

const RegionsImage = z
  .object({
    file: z.string().min(1),
    /** The photo's own size: the polygons' coordinate system. */
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    /**
     * People judged the whole photo free of macrofouling: what the model reads as macrofouling on it
     * is misreading, and the largest such share is the model's noise floor (issue 45 §3).
     */
    macrofouling_free: z.boolean().optional(),
    regions: z
      .array(
        z.object({
          id: z.string().min(1),
          group: z.enum(REGION_GROUPS),
          note: z.string().optional(),
          polygon: z.array(Point).min(3),
        }),
      )
      .min(1),
  })
  .superRefine((image, context) => {
    image.regions.forEach((region, index) => {
      // A coarse label must stay inside the photo; a point outside means a typo, not a clipped region.
      if (region.polygon.some(([x, y]) => x < 0 || y < 0 || x > image.width || y > image.height)) {
        context.addIssue({
          code: 'custom',
          path: ['regions', index, 'polygon'],
          message: `region "${region.id}" has a point outside the ${image.width} × ${image.height} photo`,
        });
      }
    });
  });

export const RegionsFile = z
  .object({
    description: z.string().optional(),
    drawn_by: z.string().optional(),
    /** Where the photos are, relative to this file; `--real-images` overrides it. */
    images_dir: z.string().min(1).optional(),
    images: z.array(RegionsImage).min(1),
  })
  .superRefine((file, context) => {
    const ids = file.images.flatMap((image) => image.regions.map((region) => region.id));
    const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
    if (repeated.length) {
      context.addIssue({ code: 'custom', path: ['images'], message: `repeated region id ${repeated[0]}` });
    }
  });
export type RegionsFile = z.infer<typeof RegionsFile>;
export type RegionsImage = z.infer<typeof RegionsImage>;

/** Reads and checks a regions file; `imagesDir` is the folder its photos are read from. */
export async function readRegionsFile(
  file: string,
  imagesDirOverride?: string,
): Promise<RegionsFile & { imagesDir: string }> {
  const parsed = RegionsFile.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`${file} is not a valid regions file: ${problems.join('; ')}`);
  }
  const imagesDir = imagesDirOverride
    ? path.resolve(imagesDirOverride)
    : path.resolve(path.dirname(file), parsed.data.images_dir ?? '.');
  return { ...parsed.data, imagesDir };
}
