import { routes } from '@hullscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The inspection's signed revisions and whether it is signed now (issue 39 §4). */
export const useRevisions = (projectId: number) =>
  useQuery({
    queryKey: queryKeys.revisions(projectId),
    queryFn: () => api.request(routes.listRevisions, { params: { id: projectId } }),
  });

/**
 * Why writes are refused now, or null while the inspection is open: every write button shows it
 * instead of a request the API would answer with 409.
 */
export function useSignedReason(projectId: number): string | null {
  const revisions = useRevisions(projectId).data;
  if (!revisions?.signed) return null;
  const newest = revisions.revisions.at(-1);
  return newest
    ? `Signed by ${newest.name} (revision ${newest.revision}); reopen the inspection to change it.`
    : 'The inspection is signed; reopen it to change it.';
}
