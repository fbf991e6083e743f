import type { Browser } from 'playwright-core';
import { createConfirmedAccount, readSample } from './accounts';
import { paintHullImage } from './images';
import type { RunningServer } from './server';

export const PREDICTION_TIMEOUT_MS = 180_000;

/** The four real samples, then painted hull images up to `count` photos. */
const REAL_SAMPLES = [
  '000015-gbEGjSAk6r.jpg',
  '000018-dqrONtdjbt.jpg',
  '000022-x6lwoJexxL.jpg',
  '000112-Eg0gnVJjIm.jpg',
];

export interface ModelClassInfo {
  label: string;
  hex_color: string;
  fouling_category?: 'none' | 'microfouling' | 'macrofouling';
}

/**
 * An account with a project of `count` photos, every one analysed by the active model at the
 * standard resolution through the API, as a user who uploaded and ran a prediction earlier would
 * have it; waits for the run to finish.
 */
export async function createAnalysedProject(
  server: RunningServer,
  browser: Browser,
  name: string,
  count: number,
) {
  const session = await createConfirmedAccount(server);
  const { api } = session;
  const project = (await api('POST', '/api/projects/', { name, location: 'Kiel' })) as { id: number };
  const form = new FormData();
  for (let index = 0; index < count; index += 1) {
    const real = REAL_SAMPLES[index];
    if (real) form.append('images', await readSample(real), real);
    else {
      const painted = await paintHullImage(browser, 640 + index * 16, 480);
      form.append(
        'images',
        new Blob([new Uint8Array(painted)], { type: 'image/png' }),
        `painted-${index}.png`,
      );
    }
  }
  const uploaded = (await api('POST', `/api/projects/${project.id}/image-upload/`, form)) as {
    data: { id: number; image_name?: string }[];
  };
  const imageIds = uploaded.data.map((image) => image.id);
  const models = (await api('GET', '/api/cvmodels/')) as {
    id: number;
    name: string;
    active: boolean;
    classes: ModelClassInfo[];
  }[];
  const resolutions = (await api('GET', '/api/resolutions/')) as { id: number; name: string }[];
  const model = models.find((candidate) => candidate.active)!;
  await api('POST', `/api/projects/${project.id}/request-predict/`, {
    model: model.id,
    resolution: resolutions.find((resolution) => resolution.name === 'standard')!.id,
    images: imageIds,
  });
  // Outside a test expect.poll is not available: wait for the run by hand.
  const deadline = Date.now() + PREDICTION_TIMEOUT_MS;
  while (((await api('GET', '/api/request/current/')) as { request_id: number }).request_id !== 0) {
    if (Date.now() > deadline) throw new Error('the prediction did not finish');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { ...session, projectId: project.id, imageIds, model };
}
