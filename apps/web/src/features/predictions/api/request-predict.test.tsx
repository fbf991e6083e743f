import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { useRunningRequest } from '../hooks/use-running-request';
import { useRequestPredict } from './request-predict';

function ScheduleAndWatch() {
  const schedule = useRequestPredict();
  const { running } = useRunningRequest();
  return (
    <>
      <button onClick={() => schedule.mutate({ projectId: 5, model: 1, resolution: 1, images: [11, 12] })}>
        Run
      </button>
      <p>{running ? 'running' : 'idle'}</p>
    </>
  );
}

describe('scheduling a run (spec §4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('announces the end of a run that ended before the running request was read again', async () => {
    // The server already answers no run: the two photos were done before the page asked.
    const { calls } = stubApi({
      'GET /api/request/current/': () => jsonResponse({ request_id: 0, status: null }),
      'POST /api/projects/5/request-predict/': () =>
        jsonResponse({ message: 'Prediction 9 scheduled for 2 images.', request_id: 9 }, 201),
      'GET /api/request/9/': () =>
        jsonResponse({ id: 9, status: 'DONE', progress: { done: 2, failed: 0, total: 2 } }),
      'GET /api/projects/5/predict-count/': () => jsonResponse({ prediction_count: 2 }),
      'GET /api/credits/': () => jsonResponse({ credits: 48 }),
    });
    renderWithApp(<ScheduleAndWatch />);
    expect(await screen.findByText('idle')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Prediction 9 finished: 2 images')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'GET /api/request/9/')).toBe(true);
    expect(await screen.findByText('idle')).toBeInTheDocument();
  });
});
