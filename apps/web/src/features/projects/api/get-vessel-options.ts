import { type RouteDefinition, id } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { readOrDefault } from '@/lib/read-or-default';

/** What the project form needs of a vessel: any other field the list answers is kept, unused. */
const VesselOption = z.looseObject({ id, name: z.string() });
export type VesselOption = z.infer<typeof VesselOption>;

/**
 * GET /api/vessels/ (issue 18 §1, the vessels feature), read for the project form's vessel select
 * only. Declared here, with only the fields the select uses, so the form lists whatever that
 * endpoint answers and shows no choices where it is missing or fails.
 */
const listVesselOptions = {
  method: 'GET',
  path: '/api/vessels/',
  auth: true,
  tag: 'vessels',
  status: 200,
  summary: "The user's vessels",
  response: z.array(VesselOption),
} as const satisfies RouteDefinition;

export const vesselOptionsQueryOptions = () =>
  queryOptions({
    // Under ['vessels'], so whatever refreshes the vessels list refreshes these too.
    queryKey: ['vessels', 'options'] as const,
    queryFn: () => readOrDefault<VesselOption[]>('the vessels', [], () => api.request(listVesselOptions, {})),
    retry: false,
  });

export const useVesselOptions = () => useQuery(vesselOptionsQueryOptions());
