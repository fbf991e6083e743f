import { RequestProgress, RequestStatusValue, type RequestStatus } from '@hullscope/contract';
import { useMemo } from 'react';
import { z } from 'zod';
import { readSessionValue, useSessionValue, writeSessionValue } from '@/lib/session-value';

const LAST_RUN_KEY = 'hullscope.last-run';

/**
 * The latest run this tab saw (issue 45 §7): its project when it was scheduled here, and once it
 * ended, how and when. It stays until the user dismisses it or another run starts, across
 * navigation and reloads, for the tab's session.
 */
const LastRun = z.object({
  requestId: z.number().int().positive(),
  /** Null when the run was scheduled elsewhere (another tab or browser): shown on every project. */
  projectId: z.number().int().positive().nullable(),
  ended: z.object({ status: RequestStatusValue, progress: RequestProgress, at: z.iso.datetime() }).optional(),
  dismissed: z.boolean().optional(),
});
type LastRun = z.infer<typeof LastRun>;

function parse(stored: string | null): LastRun | null {
  if (stored === null) return null;
  try {
    const parsed = LastRun.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const read = () => parse(readSessionValue(LAST_RUN_KEY));
const write = (run: LastRun) => writeSessionValue(LAST_RUN_KEY, JSON.stringify(run));

/** A run started: the last one's line goes. The project is known where the run was scheduled. */
export function noteRunStarted(requestId: number, projectId?: number): void {
  const current = read();
  const same = current?.requestId === requestId;
  if (same && (projectId === undefined || current.projectId === projectId)) return;
  write({ requestId, projectId: projectId ?? (same ? current.projectId : null) });
}

/** A run ended: its line shows from now on (once: a later poll of the same run changes nothing). */
export function noteRunEnded(request: RequestStatus, at = new Date()): void {
  const current = read();
  const same = current?.requestId === request.id;
  if (same && current.ended) return;
  write({
    requestId: request.id,
    projectId: same ? current.projectId : null,
    ended: { status: request.status, progress: request.progress, at: at.toISOString() },
  });
}

export function dismissLastRun(): void {
  const current = read();
  if (current) write({ ...current, dismissed: true });
}

/** The ended run to show on a project's page, or null. */
export function useLastRun(projectId: number | null): { request: RequestStatus; endedAt: Date } | null {
  const stored = useSessionValue(LAST_RUN_KEY);
  return useMemo(() => {
    const run = parse(stored);
    if (!run?.ended || run.dismissed) return null;
    if (run.projectId !== null && run.projectId !== projectId) return null;
    return {
      request: { id: run.requestId, status: run.ended.status, progress: run.ended.progress },
      endedAt: new Date(run.ended.at),
    };
  }, [stored, projectId]);
}
