import { routes, type MaskVersionSaved, type PredictionSet } from '@hullscope/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { decodeIndexPng } from '../mask-editor/lib/index-png';
import type { IndexMask } from '../mask-editor/lib/mask-edit';
import { MASK_UPLOAD_FIELD } from '@hullscope/contract';

export const useMaskVersions = (projectId: number, predictionId: number) =>
  useQuery({
    queryKey: queryKeys.maskVersions(projectId, predictionId),
    queryFn: () => api.request(routes.listMaskVersions, { params: { id: projectId, predictionId } }),
  });

/** One version's index mask, decoded. */
export async function downloadMaskVersion(
  projectId: number,
  predictionId: number,
  version: number,
): Promise<IndexMask> {
  const file = await api.download(
    routes.downloadMaskVersion,
    { params: { id: projectId, predictionId, version } },
    'mask.png',
  );
  return decodeIndexPng(new Uint8Array(await file.blob.arrayBuffer()));
}

/** The model's own mask (version 0) and the newest, which the editor starts from. */
export const useEditableMasks = (
  projectId: number,
  predictionId: number,
  currentVersion: number | undefined,
) =>
  useQuery({
    queryKey: [...queryKeys.maskVersions(projectId, predictionId), 'masks', currentVersion] as const,
    enabled: currentVersion !== undefined,
    staleTime: Infinity,
    gcTime: 0,
    queryFn: async () => {
      const version = currentVersion ?? 0;
      const original = await downloadMaskVersion(projectId, predictionId, 0);
      const current = version === 0 ? original : await downloadMaskVersion(projectId, predictionId, version);
      return { original, current: { ...current, data: current.data.slice() } };
    },
  });

/** After a save or restore: the viewer's figures from the answer, and every figure built on them. */
function useAfterNewVersion(projectId: number, predictionId: number) {
  const client = useQueryClient();
  return async (saved: MaskVersionSaved) => {
    client.setQueryData<PredictionSet | null>(queryKeys.predictionSet(projectId, predictionId), (set) =>
      set ? { ...set, predictions: saved.predictions, fouling_rating: saved.fouling_rating } : set,
    );
    // The agreement figures read every reviewed mask: they refresh without holding up the editor.
    void client.invalidateQueries({ queryKey: queryKeys.projectAgreement(projectId) });
    void client.invalidateQueries({ queryKey: queryKeys.organisationAgreement });
    await Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.predictionSet(projectId, predictionId) }),
      client.invalidateQueries({ queryKey: queryKeys.maskVersions(projectId, predictionId) }),
      client.invalidateQueries({ queryKey: queryKeys.inspectionSummaries(projectId) }),
      client.invalidateQueries({ queryKey: queryKeys.reviewQueue(projectId) }),
    ]);
  };
}

/**
 * `onSaved` runs before the refreshes: they can replace the editor's screen (the review queue moves
 * on), after which a `mutate` call's own callbacks would no longer run.
 */
export function useSaveMaskVersion(
  projectId: number,
  predictionId: number,
  onSaved: (saved: MaskVersionSaved) => void,
) {
  const after = useAfterNewVersion(projectId, predictionId);
  return useMutation({
    mutationFn: (png: Uint8Array) => {
      const form = new FormData();
      form.append(
        MASK_UPLOAD_FIELD,
        new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' }),
        'mask.png',
      );
      return api.sendForm(routes.saveMaskVersion, { params: { id: projectId, predictionId } }, form);
    },
    onSuccess: (saved) => {
      onSaved(saved);
      return after(saved);
    },
  });
}

export function useRestoreMaskVersion(projectId: number, predictionId: number) {
  const after = useAfterNewVersion(projectId, predictionId);
  return useMutation({
    mutationFn: (version: number) =>
      api.request(routes.restoreMaskVersion, { params: { id: projectId, predictionId, version } }),
    onSuccess: after,
  });
}
