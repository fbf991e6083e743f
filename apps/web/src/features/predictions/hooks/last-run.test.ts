import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '@/lib/token-store';
import { dismissLastRun, noteRunEnded, noteRunStarted, useLastRun } from './last-run';

const done = { id: 7, status: 'DONE' as const, progress: { done: 6, failed: 0, total: 6 } };
const endedAt = new Date('2026-05-01T09:26:00Z');

describe('the last run kept for its lasting line (issue 45 §7)', () => {
  it('belongs to the project it was scheduled on, and goes when dismissed or another run starts', () => {
    const onFive = renderHook(() => useLastRun(5));
    const onSix = renderHook(() => useLastRun(6));
    act(() => noteRunStarted(7, 5));
    expect(onFive.result.current).toBeNull();

    act(() => noteRunEnded(done, endedAt));
    expect(onFive.result.current).toEqual({ request: done, endedAt });
    expect(onSix.result.current).toBeNull();
    // A later poll of the same run keeps the first end.
    act(() => noteRunEnded(done, new Date('2026-05-01T10:00:00Z')));
    expect(onFive.result.current?.endedAt).toEqual(endedAt);

    act(() => noteRunStarted(8));
    expect(onFive.result.current).toBeNull();
    act(() => noteRunEnded({ ...done, id: 8 }, endedAt));
    // Scheduled elsewhere: its project is unknown, so every project shows it.
    expect(onSix.result.current?.request.id).toBe(8);
    expect(onFive.result.current?.request.id).toBe(8);

    act(() => dismissLastRun());
    expect(onFive.result.current).toBeNull();
    act(() => noteRunEnded({ ...done, id: 8 }, endedAt));
    expect(onFive.result.current).toBeNull();
  });
});

describe('signing out', () => {
  it("forgets the last run: it was the signed-in user's", () => {
    noteRunEnded({ id: 8, status: 'DONE', progress: { done: 1, failed: 0, total: 1 } }, endedAt);
    const shown = renderHook(() => useLastRun(5));
    expect(shown.result.current?.request.id).toBe(8);
    act(() => tokenStore.clear());
    expect(shown.result.current).toBeNull();
  });
});
