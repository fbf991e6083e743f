import { routes } from '@hullscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-errors';
import { queryKeys } from '@/lib/query-keys';

/**
 * A vessel's own GA drawing (issue 40 §1), or null when it has none (the API answers 404). Shared:
 * the vessel page edits it, an inspection's plan shows its photos on it.
 */
export const useGaDrawing = (vesselId: number | undefined) =>
  useQuery({
    queryKey: queryKeys.gaDrawing(vesselId ?? 0),
    enabled: vesselId !== undefined,
    queryFn: () =>
      api.request(routes.vesselGaDrawing, { params: { id: vesselId! } }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
  });

/** The drawing's image as a blob; keyed by its upload time, so a replaced drawing is fetched anew. */
export const useGaDrawingImage = (vesselId: number | undefined, uploadedAt: string | undefined) =>
  useQuery({
    queryKey: queryKeys.gaDrawingImage(vesselId ?? 0, uploadedAt ?? ''),
    enabled: vesselId !== undefined && uploadedAt !== undefined,
    staleTime: Infinity,
    queryFn: async () =>
      (await api.download(routes.vesselGaDrawingImage, { params: { id: vesselId! } }, 'ga-drawing')).blob,
  });
