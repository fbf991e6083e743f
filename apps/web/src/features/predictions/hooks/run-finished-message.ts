import type { RequestStatus } from '@hullscope/contract';

const images = (count: number) => `${count} ${count === 1 ? 'image' : 'images'}`;

/**
 * How a run ended, e.g. "finished" and "12 images, 1 failed and refunded". A run the worker gave
 * up on refunds every image it did not finish.
 */
function runOutcome({ status, progress }: RequestStatus): { verb: string; details: string } {
  if (status === 'FAILED') {
    const refunded = progress.total - progress.done;
    return {
      verb: 'failed',
      details: `${progress.done} of ${images(progress.total)} done, ${refunded} refunded`,
    };
  }
  const failed = progress.failed > 0 ? `, ${progress.failed} failed and refunded` : '';
  return { verb: 'finished', details: `${images(progress.total)}${failed}` };
}

export function runOutcomeVariant({ status, progress }: RequestStatus): 'success' | 'warning' | 'error' {
  if (status === 'FAILED') return 'error';
  return progress.failed > 0 ? 'warning' : 'success';
}

/** What a user is told when a run ends (issue 22), e.g. "Prediction 7 finished: 12 images". */
export function runFinishedNotice(request: RequestStatus): {
  message: string;
  variant: 'success' | 'warning' | 'error';
} {
  const { verb, details } = runOutcome(request);
  return { message: `Prediction ${request.id} ${verb}: ${details}`, variant: runOutcomeVariant(request) };
}

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dateAndClock = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The lasting line of the last run (issue 45 §7), e.g. "Last run: prediction 7 finished 09:26,
 * 12 images, 1 failed and refunded"; the date too when it ended on another day.
 */
export function lastRunLine(request: RequestStatus, endedAt: Date, now = new Date()): string {
  const { verb, details } = runOutcome(request);
  const sameDay = endedAt.toDateString() === now.toDateString();
  const at = (sameDay ? clock : dateAndClock).format(endedAt);
  return `Last run: prediction ${request.id} ${verb} ${at}, ${details}`;
}
