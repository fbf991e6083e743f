import { z } from 'zod';
import { id, isoDateTime, messages, multilineText, requiredText } from './common.js';

export const Project = z
  .object({
    id,
    name: z.string(),
    location: z.string(),
    description: z.string().nullable(),
    owner: id,
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof Project>;
export const ProjectList = z.array(Project);

const description = multilineText(2000).nullable().optional();

export const ProjectCreateRequest = z
  .object({
    name: requiredText(messages.projectName),
    location: requiredText(messages.projectLocation),
    description,
  })
  .meta({ id: 'ProjectCreateRequest' });
export type ProjectCreateRequest = z.infer<typeof ProjectCreateRequest>;

/** PATCH: every field optional; the `id` the web app sends along is ignored in favour of the path. */
export const ProjectUpdateRequest = z
  .object({
    id: z.number().int().optional(),
    name: requiredText(messages.projectName).optional(),
    location: requiredText(messages.projectLocation).optional(),
    description,
  })
  .meta({ id: 'ProjectUpdateRequest' });
export type ProjectUpdateRequest = z.infer<typeof ProjectUpdateRequest>;

export const PredictionCount = z
  .object({ prediction_count: z.number().int().nonnegative() })
  .meta({ id: 'PredictionCount' });
export type PredictionCount = z.infer<typeof PredictionCount>;
