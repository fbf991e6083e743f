import { useEffect } from 'react';
import { readSessionValue, writeSessionValue } from '@/lib/session-value';

const KEY = 'hullscope.projects.last-opened';

export interface OpenedPlace {
  projectId: number;
  imageId: number | null;
}

/** The project and image last open on the Projects page in this tab, if any. */
export function lastOpenedProject(): OpenedPlace | null {
  const stored = readSessionValue(KEY);
  if (!stored) return null;
  const [projectId, imageId] = stored.split('/').map(Number);
  if (!Number.isSafeInteger(projectId) || projectId! <= 0) return null;
  return { projectId: projectId!, imageId: Number.isSafeInteger(imageId) && imageId! > 0 ? imageId! : null };
}

export function forgetLastOpenedProject(): void {
  writeSessionValue(KEY, null);
}

/**
 * Remembers the open project and image (issue 45 §6), so coming back to Projects from another page
 * reopens them. Kept for the tab's session, as the spec keeps only the two token keys in the local
 * store, and forgotten on sign-out with the other session values.
 */
export function useRememberOpenedProject(place: OpenedPlace | null): void {
  const projectId = place?.projectId ?? null;
  const imageId = place?.imageId ?? null;
  useEffect(() => {
    if (projectId !== null) writeSessionValue(KEY, `${projectId}/${imageId ?? ''}`);
  }, [projectId, imageId]);
}
