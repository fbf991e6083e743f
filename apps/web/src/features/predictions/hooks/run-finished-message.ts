import type { RequestStatus } from '@hullscope/contract';

const images = (count: number) => `${count} ${count === 1 ? 'image' : 'images'}`;

/**
 * What a user is told when a run ends (issue 22), e.g. "Prediction 7 finished: 12 images, 1 failed
 * and refunded". A run the worker gave up on refunds every image it did not finish.
 */
export function runFinishedNotice(request: RequestStatus): {
  message: string;
  variant: 'success' | 'warning' | 'error';
} {
  const { id, status, progress } = request;
  if (status === 'FAILED') {
    const refunded = progress.total - progress.done;
    return {
      message: `Prediction ${id} failed: ${progress.done} of ${images(progress.total)} done, ${refunded} refunded`,
      variant: 'error',
    };
  }
  const failed = progress.failed > 0 ? `, ${progress.failed} failed and refunded` : '';
  return {
    message: `Prediction ${id} finished: ${images(progress.total)}${failed}`,
    variant: progress.failed > 0 ? 'warning' : 'success',
  };
}
