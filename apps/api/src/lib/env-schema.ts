import { z } from 'zod';

/** Building blocks for a zod schema of environment variables, whose values all arrive as text. */

/** A whole number above 0, `fallback` when unset. */
export const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Trimmed text; unset, empty or blank is `undefined`. */
export const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** Exactly `true` or `false`, `fallback` when unset. */
export const booleanFlag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((value) => value === 'true');
