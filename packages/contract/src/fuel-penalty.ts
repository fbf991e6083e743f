import { z } from 'zod';
import { id } from './common.js';

export const PowerRange = z.object({
  central: z.number(),
  low: z.number(),
  high: z.number(),
});

/** One published condition the estimate reads (Schultz 2007, table of powering predictions). */
export const PublishedCondition = z.object({
  condition: z.string(),
  added_power_percent: z.number().describe('Over a hydraulically smooth hull, at the reference speed'),
});

/**
 * The fuel penalty estimate of an inspection (issue 40 §5): the added shaft power its pooled
 * fouling coverage implies, after a published relation, with its source, assumptions and range.
 * Null figures when no photo was rated.
 */
export const FuelPenaltyEstimate = z
  .object({
    project: id,
    is_estimate: z.literal(true),
    label: z.string(),
    added_shaft_power_percent: PowerRange.nullable().describe(
      'Over the same hull clean and newly coated, at cruising speed; null when no photo was rated',
    ),
    coverage: z
      .object({
        macrofouling_percentage: z.number(),
        microfouling_percentage: z.number(),
        clean_percentage: z.number(),
      })
      .nullable()
      .describe('The pooled coverage of every analysed photo, per fouling class'),
    reference_speed: z.string(),
    source: z.object({ citation: z.string(), doi: z.string(), table: z.string() }),
    conditions: z.object({
      clean: PublishedCondition,
      microfouling: z.object({ low: PublishedCondition, high: PublishedCondition }),
      macrofouling: z.object({
        low: PublishedCondition,
        central: PublishedCondition,
        high: PublishedCondition,
      }),
    }),
    method: z.string(),
    assumptions: z.array(z.string()),
    uncertainty: z.string(),
  })
  .meta({ id: 'FuelPenaltyEstimate' });
export type FuelPenaltyEstimate = z.infer<typeof FuelPenaltyEstimate>;
