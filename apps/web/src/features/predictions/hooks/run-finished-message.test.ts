import { describe, expect, it } from 'vitest';
import { lastRunLine, runFinishedNotice } from './run-finished-message';

describe('the notice when a run ends (issue 22)', () => {
  it('counts the images and the failed ones, refunded', () => {
    expect(
      runFinishedNotice({ id: 7, status: 'DONE', progress: { done: 11, failed: 1, total: 12 } }),
    ).toEqual({
      message: 'Prediction 7 finished: 12 images, 1 failed and refunded',
      variant: 'warning',
    });
    expect(runFinishedNotice({ id: 8, status: 'DONE', progress: { done: 1, failed: 0, total: 1 } })).toEqual({
      message: 'Prediction 8 finished: 1 image',
      variant: 'success',
    });
  });

  it('says what a run that was given up did and refunded', () => {
    expect(
      runFinishedNotice({ id: 9, status: 'FAILED', progress: { done: 3, failed: 0, total: 12 } }),
    ).toEqual({
      message: 'Prediction 9 failed: 3 of 12 images done, 9 refunded',
      variant: 'error',
    });
  });
});

describe('the lasting line of the last run (issue 45 §7)', () => {
  const now = new Date(2026, 4, 1, 17, 0);
  it('says when the run ended, its images and what was refunded', () => {
    expect(
      lastRunLine(
        { id: 7, status: 'DONE', progress: { done: 5, failed: 1, total: 6 } },
        new Date(2026, 4, 1, 9, 26),
        now,
      ),
    ).toMatch(/^Last run: prediction 7 finished 09:26\b.*, 6 images, 1 failed and refunded$/);
    expect(
      lastRunLine(
        { id: 9, status: 'FAILED', progress: { done: 3, failed: 0, total: 12 } },
        new Date(2026, 3, 30, 9, 26),
        now,
      ),
    ).toMatch(/^Last run: prediction 9 failed \D*30\D*09:26\b.*, 3 of 12 images done, 9 refunded$/);
  });
});
