import { describe, expect, it } from 'vitest';
import type { CvModelRow, PredictionRequestRow, ResolutionRow } from '../../../src/db/schema.js';
import {
  type PredictRequestLookups,
  checkPredictRequest,
} from '../../../src/features/predictions/check-predict-request.js';

// The check's rules on rows held in memory: no database, so every rule and the order in which they
// are tried can be pinned down quickly. predictions.test.ts runs the same check on a real database.

const OWNER = 7;
const PROJECT = 3;
const STAMP = '2025-01-01T00:00:00.000Z';

const model: CvModelRow = {
  id: 1,
  key: 'color-classes',
  name: 'Color Classes',
  architecture: 'unet',
  backbone: 'resnet34',
  version: '1.0',
  filename: 'model.onnx',
  description: null,
  manifest: '{}',
  active: 1,
  created_at: STAMP,
  updated_at: STAMP,
};

const resolution: ResolutionRow = {
  id: 2,
  name: 'standard',
  display_name: 'Standard (max 800 px)',
  type: 'standard',
  price: 3,
  resolution: 800,
  active: 1,
  created_at: STAMP,
  updated_at: STAMP,
};

interface World {
  balance: number;
  models: CvModelRow[];
  resolutions: ResolutionRow[];
  images: { id: number; owner: number; projectId: number; name: string; width: number; height: number }[];
  unfinished?: PredictionRequestRow;
  /** Image ids that already have a prediction with `model` at `resolution`. */
  predicted: number[];
}

function world(changes: Partial<World> = {}): World {
  return {
    balance: 100,
    models: [model],
    resolutions: [resolution],
    images: Array.from({ length: 8 }, (_, index) => ({
      id: index + 1,
      owner: OWNER,
      projectId: PROJECT,
      name: `hull-${index + 1}.jpg`,
      width: 640,
      height: 480,
    })),
    predicted: [],
    ...changes,
  };
}

/** The repositories' answers, read from `world` as the SQL would read the tables. */
function fakeLookups(state: World): PredictRequestLookups {
  return {
    balanceOf: async () => state.balance,
    findModel: async (modelId) => state.models.find((row) => row.id === modelId),
    findResolution: async (resolutionId) => state.resolutions.find((row) => row.id === resolutionId),
    activeResolutions: async () => state.resolutions.filter((row) => row.active === 1),
    foundInProject: async (owner, projectId, imageIds) =>
      state.images
        .filter((image) => image.owner === owner && image.projectId === projectId)
        .filter((image) => imageIds.includes(image.id))
        .map(({ id, name, width, height }) => ({ id, name, width, height })),
    unfinishedRequestOf: async () => state.unfinished,
    alreadyPredicted: async (imageIds, modelId, resolutionId) =>
      modelId === model.id && resolutionId === resolution.id
        ? state.images
            .filter((image) => imageIds.includes(image.id) && state.predicted.includes(image.id))
            .map((image) => image.name)
        : [],
  };
}

function check(state: World, images: number[]) {
  return checkPredictRequest(fakeLookups(state), OWNER, PROJECT, {
    model: model.id,
    resolution: resolution.id,
    images,
  });
}

const runningRequest: PredictionRequestRow = {
  id: 41,
  owner: OWNER,
  project_id: PROJECT,
  model_id: model.id,
  resolution_id: resolution.id,
  status: 'RUNNING',
  price_per_image: 3,
  images_total: 1,
  images_done: 0,
  images_failed: 0,
  runs_without_progress: 0,
  created_at: STAMP,
  started_at: STAMP,
  finished_at: null,
};

describe('checkPredictRequest', () => {
  it('plans a valid request, counting an image selected twice once', async () => {
    const checked = await check(world({ balance: 10 }), [1, 2, 2]);
    expect(checked.response).toEqual({
      message:
        'Ready to run 2 images with Color Classes at Standard (max 800 px) for 6 credits (10 available).',
      data: {
        credits: 10,
        images: [1, 2],
        required_credits: 6,
        valid: true,
        charges: [
          { image: 1, image_name: 'hull-1.jpg', credits: 3, resolution: resolution.id },
          { image: 2, image_name: 'hull-2.jpg', credits: 3, resolution: resolution.id },
        ],
      },
    });
    expect(checked.plan).toMatchObject({ model, resolution, imageIds: [1, 2], cost: 6 });
  });

  it('refuses an inactive model before the price is known, so nothing is required yet', async () => {
    const checked = await check(world({ models: [{ ...model, active: 0 }] }), [1]);
    expect(checked.plan).toBeUndefined();
    expect(checked.response).toEqual({
      message: 'The selected model is not available. Choose another model.',
      data: { credits: 100, images: [1], required_credits: 0, valid: false },
    });
  });

  it('refuses an unknown resolution', async () => {
    const checked = await check(world({ resolutions: [] }), [1]);
    expect(checked.response.message).toBe(
      'The selected resolution is not available. Choose another resolution.',
    );
    expect(checked.response.data.required_credits).toBe(0);
  });

  it("names the images that are not in this project, another user's included, with the price known", async () => {
    const state = world();
    const size = { width: 640, height: 480 };
    state.images.push({ id: 20, owner: OWNER, projectId: PROJECT + 1, name: 'elsewhere.jpg', ...size });
    state.images.push({ id: 21, owner: OWNER + 1, projectId: PROJECT, name: 'theirs.jpg', ...size });
    const checked = await check(state, [1, 20, 21]);
    expect(checked.response).toEqual({
      message: 'These images are not in this project: 20, 21. Reload the page and select again.',
      data: { credits: 100, images: [1, 20, 21], required_credits: 9, valid: false },
    });
  });

  it('refuses while another request runs, before looking at duplicates or credits', async () => {
    const checked = await check(world({ unfinished: runningRequest, predicted: [1], balance: 0 }), [1]);
    expect(checked.response.message).toBe(
      'Prediction 41 is still running. Please wait until it has finished.',
    );
  });

  it('names one image that already has this prediction, before the credits', async () => {
    const checked = await check(world({ predicted: [2], balance: 0 }), [1, 2]);
    expect(checked.response.message).toBe(
      'This image already has a prediction with Color Classes at Standard (max 800 px): hull-2.jpg. Deselect it to run the others.',
    );
  });

  it('lists at most five duplicates by name and counts the rest', async () => {
    const all = [1, 2, 3, 4, 5, 6, 7];
    const checked = await check(world({ predicted: all }), all);
    expect(checked.response.message).toBe(
      'These images already have a prediction with Color Classes at Standard (max 800 px): hull-1.jpg, hull-2.jpg, hull-3.jpg, hull-4.jpg, hull-5.jpg and 2 more. Deselect them to run the others.',
    );
  });

  it('refuses a request that costs more than the balance, showing the sum', async () => {
    const checked = await check(world({ balance: 5 }), [1, 2]);
    expect(checked.plan).toBeUndefined();
    expect(checked.response).toEqual({
      message: 'Not enough credits: 6 needed (2 × 3 per image), 5 available.',
      data: { credits: 5, images: [1, 2], required_credits: 6, valid: false, charges: expect.any(Array) },
    });
  });

  it('lets a request cost exactly the balance', async () => {
    const checked = await check(world({ balance: 6 }), [1, 2]);
    expect(checked.response.data.valid).toBe(true);
    expect(checked.plan?.cost).toBe(6);
  });
});

describe('fair pricing: an image no larger than a cheaper resolution costs its price', () => {
  const fullhd: ResolutionRow = {
    ...resolution,
    id: 5,
    name: 'fullhd',
    display_name: 'Full HD (max 1920 px)',
    type: 'fullhd',
    price: 5,
    resolution: 1920,
  };
  const standard: ResolutionRow = { ...resolution, price: 2 };

  function sized(sizes: [number, number][]): World['images'] {
    return sizes.map(([width, height], index) => ({
      id: index + 1,
      owner: OWNER,
      projectId: PROJECT,
      name: `hull-${index + 1}.jpg`,
      width,
      height,
    }));
  }

  function checkAt(chosen: ResolutionRow, state: World) {
    return checkPredictRequest(fakeLookups(state), OWNER, PROJECT, {
      model: model.id,
      resolution: chosen.id,
      images: state.images.map((image) => image.id),
    });
  }

  it('charges an 800 px image at Full HD the Standard price, and an 801 px one the Full HD price', async () => {
    const state = world({
      resolutions: [standard, fullhd],
      images: sized([
        [800, 600],
        [600, 800],
        [801, 600],
        [600, 801],
      ]),
    });
    const checked = await checkAt(fullhd, state);
    expect(checked.response.data.charges).toEqual([
      { image: 1, image_name: 'hull-1.jpg', credits: 2, resolution: standard.id },
      { image: 2, image_name: 'hull-2.jpg', credits: 2, resolution: standard.id },
      { image: 3, image_name: 'hull-3.jpg', credits: 5, resolution: fullhd.id },
      { image: 4, image_name: 'hull-4.jpg', credits: 5, resolution: fullhd.id },
    ]);
    expect(checked.response.data.required_credits).toBe(14);
    expect(checked.plan?.cost).toBe(14);
    expect(checked.response.message).toBe(
      'Ready to run 4 images with Color Classes at Full HD (max 1920 px) for 14 credits (100 available). 2 images are no larger than 800 px, so they are charged the price of Standard (max 800 px), 2 credits per image: the result is the same.',
    );
  });

  it('says so when the credits do not reach, with the fair sum', async () => {
    const state = world({
      balance: 6,
      resolutions: [standard, fullhd],
      images: sized([
        [512, 512],
        [1024, 768],
      ]),
    });
    const checked = await checkAt(fullhd, state);
    expect(checked.response.message).toBe(
      'Not enough credits: 7 needed, 6 available. 1 image is no larger than 800 px, so it is charged the price of Standard (max 800 px), 2 credits per image: the result is the same.',
    );
    expect(checked.response.data).toMatchObject({ required_credits: 7, valid: false });
  });

  it('does not price by an inactive resolution, nor one that costs more', async () => {
    const inactive = await checkAt(
      fullhd,
      world({ resolutions: [{ ...standard, active: 0 }, fullhd], images: sized([[512, 512]]) }),
    );
    expect(inactive.response.data.required_credits).toBe(5);
    const dearer = await checkAt(
      fullhd,
      world({ resolutions: [{ ...standard, price: 9 }, fullhd], images: sized([[512, 512]]) }),
    );
    expect(dearer.response.data.required_credits).toBe(5);
    expect(dearer.response.message).not.toMatch(/no larger/);
  });

  it('charges an image at Standard its own price even though Standard is the cheapest', async () => {
    const checked = await checkAt(
      standard,
      world({
        resolutions: [standard, fullhd],
        images: sized([
          [4000, 3000],
          [100, 100],
        ]),
      }),
    );
    expect(checked.response.data.required_credits).toBe(4);
    expect(checked.response.message).not.toMatch(/no larger/);
  });
});
