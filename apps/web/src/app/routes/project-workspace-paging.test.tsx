import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { ProjectWorkspace } from './project-workspace';

const stamp = '2026-05-01T10:00:00.000Z';
const nameOf = (id: number) => `hull-${String(id).padStart(3, '0')}.jpg`;
const detailsOf = (id: number) => ({
  id,
  image_name: nameOf(id),
  uploaded_at: stamp,
  width: 640,
  height: 480,
  hull_zone: null,
  predictions: [],
});
/** A few calls (details, pages, the image) before the grid settles; a loaded machine takes seconds. */
const SETTLED = { timeout: 5000 };
/** Each image's thumbnail names it, so a test can see which picture a tile shows. */
const base64Of = (id: number) => `/9j/image-${id}`;

/**
 * A project of `count` images (ids 1…count) whose thumbnails list pages as the API does: in id
 * order, `?offset=&limit=`, and all of them without parameters. `images.count` can grow (an upload).
 */
function stubProject(count: number) {
  const images = { count };
  const ids = () => Array.from({ length: images.count }, (_, index) => index + 1);
  const api = stubApi({
    'GET /api/cvmodels/': () => jsonResponse([]),
    'GET /api/resolutions/': () => jsonResponse([]),
    'GET /api/projects/5/image-details/': () => jsonResponse(ids().map(detailsOf)),
    'GET /api/projects/5/thumbnails/': (_init, url) => {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? images.count);
      const page = ids().slice(offset, offset + limit);
      return jsonResponse(
        page.map((id) => ({ id, image_name: nameOf(id), base64_thumbnail: base64Of(id), hull_zone: null })),
      );
    },
    'GET /api/projects/5/image/90/': () =>
      jsonResponse({ id: 90, image_name: nameOf(90), base64_image: '/9j/AA', width: 640, height: 480 }),
    'GET /api/projects/5/image/90/prediction-thumbnails/': () =>
      jsonResponse({ models: [], resolutions: [], thumbnails: [] }),
    // Open, so the write buttons are enabled (issue 39 §4).
    'GET /api/projects/5/revisions/': () =>
      jsonResponse({ project: 5, signed: false, next_revision: 1, revisions: [] }),
  });
  const thumbnailRequests = () =>
    api.calls.filter((call) => call.key === 'GET /api/projects/5/thumbnails/').map((call) => call.url.search);
  return { images, thumbnailRequests };
}

/** The picture a tile shows, or null while its page has not come. */
function pictureOf(name: string): string | null {
  const tile = screen.getByRole('button', { name });
  return tile.querySelector('img')?.getAttribute('src') ?? null;
}

describe('the project workspace with many images (issue 21)', () => {
  it('fetches only the pages of thumbnails it draws, more as the grid is scrolled', async () => {
    const { thumbnailRequests } = stubProject(100);
    renderWithApp(<ProjectWorkspace projectId={5} imageId={null} running={false} />);
    await waitFor(() => expect(pictureOf(nameOf(1))).toBe(`data:image/jpeg;base64,${base64Of(1)}`), SETTLED);
    // The first view and a little more: one page of 24, never the whole list.
    expect(thumbnailRequests()).toEqual(['?offset=0&limit=24']);
    expect(screen.getByText('0 of 100 selected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: nameOf(100) })).toBeNull();

    // Scrolled to the end: the last rows are drawn and their pages fetched, and only those.
    const grid = screen.getByRole('list', { name: 'Project images' });
    Object.defineProperty(grid, 'scrollTop', { value: 50 * 160, configurable: true });
    fireEvent.scroll(grid);
    await waitFor(
      () => expect(pictureOf(nameOf(100))).toBe(`data:image/jpeg;base64,${base64Of(100)}`),
      SETTLED,
    );
    expect(pictureOf(nameOf(91))).toBe(`data:image/jpeg;base64,${base64Of(91)}`);
    expect(thumbnailRequests()).toEqual(['?offset=0&limit=24', '?offset=72&limit=24', '?offset=96&limit=24']);
    expect(screen.queryByRole('button', { name: nameOf(1) })).toBeNull();
  });

  it('opens at the image a link selects, far beyond the first page, with its page fetched', async () => {
    const { thumbnailRequests } = stubProject(100);
    renderWithApp(<ProjectWorkspace projectId={5} imageId={90} running={false} />);
    await waitFor(
      () => expect(pictureOf(nameOf(90))).toBe(`data:image/jpeg;base64,${base64Of(90)}`),
      SETTLED,
    );
    expect(screen.getByRole('button', { name: nameOf(90) })).toHaveAttribute('aria-pressed', 'true');
    // Image 90 is the 90th in upload order: on the page from 72; the first page is not needed.
    expect(thumbnailRequests()).toContain('?offset=72&limit=24');
    expect(thumbnailRequests()).not.toContain('?offset=0&limit=24');
    // The pager goes through the whole project, not one page of it.
    const predictions = screen.getByRole('region', { name: 'Predictions' });
    expect(within(predictions).getByRole('button', { name: 'Next image' })).toBeEnabled();
  });

  it('shows an uploaded image with its thumbnail once the upload refreshes the list, without a reload', async () => {
    const { images, thumbnailRequests } = stubProject(3);
    const { queryClient } = renderWithApp(<ProjectWorkspace projectId={5} imageId={null} running={false} />);
    await waitFor(() => expect(pictureOf(nameOf(3))).not.toBeNull(), SETTLED);
    expect(screen.queryByRole('button', { name: nameOf(4) })).toBeNull();

    images.count = 4;
    // What an upload does when it finishes (upload-images.ts, use-survey-upload.ts).
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.thumbnails(5) }));
    await waitFor(() => expect(pictureOf(nameOf(4))).toBe(`data:image/jpeg;base64,${base64Of(4)}`), SETTLED);
    expect(screen.getByText('0 of 4 selected')).toBeInTheDocument();
    expect(thumbnailRequests().every((search) => search === '?offset=0&limit=24')).toBe(true);
  });
});
