// The scenarios of bench:api (issue 21): what the spec's client asks for (the full thumbnail list)
// beside what the web app asks for (the image list without pixels once, then pages of thumbnails
// for the rows it draws, revalidated with If-None-Match whenever it refreshes), and the same first
// load and revalidation for the prediction thumbnails and the full image.
import type { Scenario } from './load.js';

/** The web app's page of thumbnails (apps/web/src/features/images/lib/thumbnail-pages.ts). */
export const APP_THUMBNAIL_PAGE = 24;

const browser = { 'accept-encoding': 'gzip, deflate, br' };

export interface ScenarioTargets {
  projectId: number;
  imageCount: number;
  /** An image with no prediction (the full image) and one with a prediction (its thumbnails, set). */
  imageId: number;
  predictedImageId: number;
  predictionSetId: number;
  /** ETags: of the full list, of each app page by its offset, of the full image and of the predictions. */
  etags: { list: string; pages: Map<number, string>; image: string; predictionThumbnails: string };
}

/** Offsets of the app's pages; client c looks at page c modulo their number, as users spread out. */
export function appPageOffsets(imageCount: number): number[] {
  return Array.from(
    { length: Math.ceil(imageCount / APP_THUMBNAIL_PAGE) },
    (_, page) => page * APP_THUMBNAIL_PAGE,
  );
}

export function apiScenarios(targets: ScenarioTargets): Scenario[] {
  const base = `/api/projects/${targets.projectId}`;
  const offsets = appPageOffsets(targets.imageCount);
  const pageOf = (client: number) => offsets[client % offsets.length]!;
  const pagePath = (offset: number) => `${base}/thumbnails/?offset=${offset}&limit=${APP_THUMBNAIL_PAGE}`;
  const image = `${base}/image/${targets.imageId}/`;
  const predictionThumbnails = `${base}/image/${targets.predictedImageId}/prediction-thumbnails/`;
  const revalidating = (etag: string) => ({ ...browser, 'if-none-match': etag });
  return [
    { name: 'project list (baseline)', request: () => ({ path: '/api/projects/', headers: browser }) },
    // The spec's client: no parameters, every thumbnail; first sending no Accept-Encoding (uncoded),
    // then as a browser or an HTTP library sends it (the list is kept coded per version).
    { name: 'thumbnails, full list', request: () => ({ path: `${base}/thumbnails/` }) },
    {
      name: 'thumbnails, full list, browser',
      request: () => ({ path: `${base}/thumbnails/`, headers: browser }),
    },
    {
      name: 'thumbnails, full list, 304',
      request: () => ({ path: `${base}/thumbnails/`, headers: revalidating(targets.etags.list) }),
    },
    // The web app: the list without pixels on opening a project, then its pages.
    { name: 'app: image details', request: () => ({ path: `${base}/image-details/`, headers: browser }) },
    {
      name: `app: page of ${APP_THUMBNAIL_PAGE}`,
      request: (client) => ({ path: pagePath(pageOf(client)), headers: browser }),
    },
    {
      name: `app: page of ${APP_THUMBNAIL_PAGE}, 304`,
      request: (client) => ({
        path: pagePath(pageOf(client)),
        headers: revalidating(targets.etags.pages.get(pageOf(client)) ?? ''),
      }),
    },
    { name: 'full image', request: () => ({ path: image, headers: browser }) },
    { name: 'full image, 304', request: () => ({ path: image, headers: revalidating(targets.etags.image) }) },
    { name: 'prediction thumbnails', request: () => ({ path: predictionThumbnails, headers: browser }) },
    {
      name: 'prediction thumbnails, 304',
      request: () => ({
        path: predictionThumbnails,
        headers: revalidating(targets.etags.predictionThumbnails),
      }),
    },
    {
      name: 'prediction set',
      request: () => ({ path: `${base}/predictionset/${targets.predictionSetId}/`, headers: browser }),
    },
  ];
}
