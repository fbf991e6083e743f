import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';
import { ToastProvider } from '@/components/ui/toast-provider';
import { noteRunStarted } from '@/features/predictions/hooks/last-run';
import { createQueryClient } from '@/lib/query-client';
import { writeSessionValue } from '@/lib/session-value';
import { jsonResponse, stubApi } from '@/testing/render';
import { ProjectsRoute } from './projects';

const stamp = '2026-05-01T10:00:00.000Z';
const project = (id: number, name: string) => ({
  id,
  name,
  location: 'Kiel',
  description: null,
  owner: 1,
  created_at: stamp,
  updated_at: stamp,
});
const details = (id: number, image_name: string, predictions: number) => ({
  id,
  image_name,
  uploaded_at: stamp,
  width: 640,
  height: 480,
  hull_zone: null,
  predictions: Array.from({ length: predictions }, (_, index) => ({
    prediction_id: id * 10 + index,
    model_id: 1,
    resolution_id: index + 1,
  })),
});

type CurrentRequestAnswer = { request_id: number; status: string | null };

function stubProjectsApi(
  currentRequest: CurrentRequestAnswer | (() => CurrentRequestAnswer) = { request_id: 0, status: null },
) {
  const image = (id: number, image_name: string) => () =>
    jsonResponse({ id, image_name, base64_image: '/9j/AA', width: 640, height: 480, hull_zone: null });
  const none = () => jsonResponse({ models: [], resolutions: [], thumbnails: [] });
  return stubApi({
    'GET /api/projects/': () => jsonResponse([project(5, 'Baltic Trader'), project(6, 'Nordic Star')]),
    'GET /api/vessels/': () => jsonResponse([]),
    'GET /api/request/current/': () =>
      jsonResponse(typeof currentRequest === 'function' ? currentRequest() : currentRequest),
    'GET /api/request/7/': () =>
      jsonResponse({ id: 7, status: 'DONE', progress: { done: 11, failed: 1, total: 12 } }),
    'GET /api/cvmodels/': () =>
      jsonResponse([
        {
          id: 1,
          name: 'Base',
          architecture: 'unet',
          backbone: 'mobilenet',
          version: '1.0.0',
          filename: 'model.onnx',
          description: null,
          active: true,
          created_at: stamp,
          updated_at: stamp,
          classes: [],
        },
      ]),
    'GET /api/resolutions/': () =>
      jsonResponse([
        {
          id: 1,
          name: 'standard',
          display_name: 'Standard',
          type: 'max',
          price: 1,
          resolution: 800,
          active: true,
        },
        {
          id: 3,
          name: 'fullhd',
          display_name: 'Full HD',
          type: 'max',
          price: 2,
          resolution: 1920,
          active: true,
        },
      ]),
    'GET /api/projects/5/predict-count/': () => jsonResponse({ prediction_count: 2 }),
    'GET /api/projects/5/thumbnails/': () =>
      jsonResponse([
        { id: 11, image_name: 'bow.jpg', base64_thumbnail: '/9j/AA', hull_zone: null },
        { id: 12, image_name: 'stern.jpg', base64_thumbnail: '/9j/AA', hull_zone: null },
      ]),
    'GET /api/projects/5/image-details/': () =>
      jsonResponse([details(11, 'bow.jpg', 2), details(12, 'stern.jpg', 0)]),
    'GET /api/projects/5/image/11/': image(11, 'bow.jpg'),
    'GET /api/projects/5/image/12/': image(12, 'stern.jpg'),
    'GET /api/projects/5/image/11/prediction-thumbnails/': none,
    'GET /api/projects/5/image/12/prediction-thumbnails/': none,
    'GET /api/projects/6/predict-count/': () => jsonResponse({ prediction_count: 0 }),
    'GET /api/projects/6/thumbnails/': () => jsonResponse([]),
    'GET /api/projects/6/image-details/': () => jsonResponse([]),
    ...verifiedRecordAnswers(5),
    ...verifiedRecordAnswers(6),
  });
}

/** An open inspection with nothing reviewed yet (issue 39): the review bar and write buttons read it. */
function verifiedRecordAnswers(projectId: number) {
  return {
    [`GET /api/projects/${projectId}/revisions/`]: () =>
      jsonResponse({ project: projectId, signed: false, next_revision: 1, revisions: [] }),
    [`GET /api/projects/${projectId}/review-queue/`]: () =>
      jsonResponse({ items: [], counts: { reviewed: 0, total: 0 } }),
  };
}

/** The page makes a dozen calls before it settles; on a loaded machine that takes more than 1 s. */
const SETTLED = { timeout: 5000 };

function openAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/projects/', element: <ProjectsRoute /> },
      { path: '/projects/:projectId/', element: <ProjectsRoute /> },
      { path: '/projects/:projectId/images/:imageId/', element: <ProjectsRoute /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={createQueryClient()}>
        <ToastProvider area="shell">
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return router;
}

describe('the projects page with the selection in the URL (issue 22)', () => {
  it('opens the project and image a link names, and moves the URL as images and projects are chosen', async () => {
    stubProjectsApi();
    const user = userEvent.setup();
    const router = openAt('/projects/5/images/11/');
    await waitFor(
      () =>
        expect(screen.getByRole('combobox', { name: 'Select a project' })).toHaveTextContent('Baltic Trader'),
      SETTLED,
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'bow.jpg' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(await screen.findByTestId('image-size')).toHaveTextContent('640x480');
    // Each thumbnail carries its number of predictions.
    await waitFor(() =>
      expect(screen.getAllByTestId('prediction-count').map((mark) => mark.textContent)).toEqual(['2', '0']),
    );

    await user.click(screen.getByRole('button', { name: 'stern.jpg' }));
    expect(router.state.location.pathname).toBe('/projects/5/images/12/');
    await user.keyboard('{ArrowLeft}');
    expect(router.state.location.pathname).toBe('/projects/5/images/11/');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(router.state.location.pathname).toBe('/projects/5/images/12/');

    // Choosing a project drops the image (spec §4).
    await user.click(screen.getByRole('combobox', { name: 'Select a project' }));
    await user.click(await screen.findByRole('option', { name: 'Nordic Star' }));
    expect(router.state.location.pathname).toBe('/projects/6/');
    expect(await screen.findByText('Select an image to see its predictions.')).toBeInTheDocument();
  });

  it("says so when the URL's project is not one of the user's", async () => {
    stubProjectsApi();
    openAt('/projects/99/');
    expect(await screen.findByText(/This project does not exist or was deleted/)).toBeInTheDocument();
  });

  it("answers 'Not Found' for an id that is not a number", async () => {
    stubProjectsApi();
    openAt('/projects/5/images/abc/');
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
  });

  it('filters the images by name and by having or lacking a prediction', async () => {
    stubProjectsApi();
    const user = userEvent.setup();
    openAt('/projects/5/');
    await screen.findByRole('button', { name: 'stern.jpg' }, SETTLED);
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'ster');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'bow.jpg' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'stern.jpg' })).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search by name' }));
    await screen.findByRole('button', { name: 'bow.jpg' });

    // bow.jpg has Base at Standard (model 1, resolution 1), stern.jpg has no prediction.
    await user.click(screen.getByRole('combobox', { name: 'Predictions' }));
    await user.click(await screen.findByRole('option', { name: 'Without Base, Standard' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'bow.jpg' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'stern.jpg' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Predictions' }));
    await user.click(await screen.findByRole('option', { name: 'With Base, Standard' }));
    await screen.findByRole('button', { name: 'bow.jpg' });
    expect(screen.queryByRole('button', { name: 'stern.jpg' })).not.toBeInTheDocument();
  });
});

describe('the skip link (issue 45 §15)', () => {
  it('is the first stop of the page and moves the focus to the viewer', async () => {
    stubProjectsApi();
    openAt('/projects/5/images/11/');
    await screen.findByRole('button', { name: 'bow.jpg' }, SETTLED);
    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to the viewer' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Predictions' })).toHaveFocus();
  });
});

describe('coming back to the projects page (issue 45 §6)', () => {
  it('reopens the project and image last open in the tab', async () => {
    stubProjectsApi();
    const first = openAt('/projects/5/images/12/');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'stern.jpg' })).toHaveAttribute('aria-pressed', 'true'),
    );
    await first.navigate('/projects/');
    await waitFor(() => expect(first.state.location.pathname).toBe('/projects/5/images/12/'));
    cleanup();

    // A fresh page of the same tab, as after a visit to Transactions.
    const router = openAt('/projects/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/5/images/12/'));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Select a project' })).toHaveTextContent('Baltic Trader'),
    );
  });

  it('forgets a project that is gone', async () => {
    writeSessionValue('hullscope.projects.last-opened', '99/');
    stubProjectsApi();
    const router = openAt('/projects/');
    expect(await screen.findByText(/Select a project or create a new one/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/projects/');
  });
});

describe('the end of a run (issue 22)', () => {
  it('is announced with the number of images and the failed ones, refunded', async () => {
    stubProjectsApi({ request_id: 7, status: 'RUNNING' });
    openAt('/projects/5/');
    expect(
      await screen.findByText('Prediction 7 finished: 12 images, 1 failed and refunded', undefined, SETTLED),
    ).toBeInTheDocument();
  });
});

describe('the lasting line of the last run (issue 45 §7)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("stays on the run's project after the toast has gone, across navigation, until dismissed", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 4, 1, 9, 26, 30));
    // Scheduled on project 5 in this tab; the server answers no run once it has ended.
    noteRunStarted(7, 5);
    let polls = 0;
    stubProjectsApi(() =>
      polls++ === 0 ? { request_id: 7, status: 'RUNNING' } : { request_id: 0, status: null },
    );
    const user = userEvent.setup();
    const router = openAt('/projects/5/');

    const toast = await screen.findByText(
      'Prediction 7 finished: 12 images, 1 failed and refunded',
      undefined,
      SETTLED,
    );
    const line = await screen.findByTestId('last-run');
    expect(line).toHaveAttribute('role', 'status');
    expect(line).toHaveTextContent(
      /^Last run: prediction 7 finished 09:26.*, 12 images, 1 failed and refunded$/,
    );
    await waitForElementToBeRemoved(toast, { timeout: 6000 });
    expect(screen.getByTestId('last-run')).toHaveTextContent('12 images, 1 failed and refunded');

    // Another project does not show it; back on the run's project, it is there again.
    await router.navigate('/projects/6/');
    await waitFor(
      () =>
        expect(screen.getByRole('combobox', { name: 'Select a project' })).toHaveTextContent('Nordic Star'),
      SETTLED,
    );
    expect(screen.queryByTestId('last-run')).not.toBeInTheDocument();
    await router.navigate('/projects/5/');
    const again = await screen.findByTestId('last-run');
    expect(again).toHaveTextContent('Last run: prediction 7 finished');

    await user.click(within(again).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('last-run')).not.toBeInTheDocument();
    await router.navigate('/projects/6/');
    await router.navigate('/projects/5/');
    await waitFor(
      () =>
        expect(screen.getByRole('combobox', { name: 'Select a project' })).toHaveTextContent('Baltic Trader'),
      SETTLED,
    );
    expect(screen.queryByTestId('last-run')).not.toBeInTheDocument();
  }, 20_000);
});
