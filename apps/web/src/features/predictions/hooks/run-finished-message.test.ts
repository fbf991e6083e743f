import { describe, expect, it } from 'vitest';
import { runFinishedNotice } from './run-finished-message';

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
