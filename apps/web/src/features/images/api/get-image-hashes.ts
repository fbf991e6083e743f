import { routes } from '@hullscope/contract';
import { api } from '@/lib/api';

/** The SHA-256 of each of the project's images, to skip files it already holds. */
export const getImageHashes = async (projectId: number): Promise<Set<string>> =>
  new Set(
    (await api.request(routes.listImageHashes, { params: { id: projectId } })).map(
      (row) => row.content_sha256,
    ),
  );
