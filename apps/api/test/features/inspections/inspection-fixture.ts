import { expect } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { bandedImage, uploadParts } from '../../support/images.js';
import { fixtureModelId, resolutionId, waitForRequest } from '../../support/predictions.js';
import type { TestApp } from '../../support/test-app.js';

// The fixture model (fixtures/models/color-classes): black is Background (left out of the surface),
// red Hard Fouling (macrofouling), green Light Slime (microfouling), blue Clean Structure.
type Colour = [number, number, number];
const BLACK: Colour = [0, 0, 0];
const RED: Colour = [200, 40, 40];
const GREEN: Colour = [40, 200, 40];
const BLUE: Colour = [40, 40, 200];

/** 8 × 400 px PNG of horizontal bands [rows, colour]: a row is 8 pixels. */
async function bands(...rows: [number, Colour][]): Promise<Buffer> {
  const image = await bandedImage(
    8,
    400,
    rows.map(([count, colour]) => [count / 400, colour]),
  );
  return image.png().toBuffer();
}

export interface InspectionFixture {
  user: SignedInUser;
  projectId: number;
  vesselId: number;
  modelId: number;
  standard: number;
  images: Record<'bowFouled' | 'bowLight' | 'propeller' | 'water' | 'late', number>;
}

/**
 * A project of known pixel counts, predicted at standard resolution by the fixture model:
 * - flat bottom: `bow-fouled.png` 300 water rows, 50 red, 50 blue (800 surface px, 50 % macro) and
 *   `bow-light.png` 20 red, 380 blue (3,200 surface px, 5 % macro). Pooled by pixels:
 *   (400 + 160) / 4,000 = 14 % macrofouling, rating 2; a plain mean of the two (27.5 %) would be 3.
 * - propeller: `propeller.png` 2 green, 398 blue: 0.5 % microfouling, a whole 1 %: rating 1.
 * - unassigned: `water.png` all Background (nothing to rate) and `late.png`, uploaded after the run.
 */
export async function inspectedProject(t: TestApp): Promise<InspectionFixture> {
  const user = await signUp(t.app, t.config.mail.outboxDir);
  const vessel = await t.app.inject({
    method: 'POST',
    url: '/api/vessels/',
    headers: user.headers,
    payload: { name: 'MV Ørnøya Star', imo_number: 'IMO 9074729', flag: 'NO', vessel_type: 'Bulk carrier' },
  });
  expect(vessel.statusCode, vessel.body).toBe(201);
  const project = await t.app.inject({
    method: 'POST',
    url: '/api/projects/',
    headers: user.headers,
    payload: {
      name: 'Dry dock / spring 2026',
      location: 'Bergen anchorage',
      vessel: vessel.json().id,
      inspection_date: '2026-03-14',
      inspection_method: 'rov',
      inspector: 'Subsea Survey AS',
      visibility: 'moderate',
    },
  });
  expect(project.statusCode, project.body).toBe(201);
  const projectId: number = project.json().id;

  const uploadTo = async (zone: string | null, files: [string, Buffer][]) => {
    const response = await uploadParts(t.app, user.headers, projectId, [
      ...(zone ? [{ field: 'hull_zone', value: zone }] : []),
      ...files.map(([file, data]) => ({ field: 'images', file, data })),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json().data as { id: number }[]).map((entry) => entry.id);
  };
  const [bowFouled, bowLight] = await uploadTo('flat_bottom', [
    ['bow-fouled.png', await bands([300, BLACK], [50, RED], [50, BLUE])],
    ['bow-light.png', await bands([20, RED], [380, BLUE])],
  ]);
  const [propeller] = await uploadTo('propeller', [['propeller.png', await bands([2, GREEN], [398, BLUE])]]);
  const [water] = await uploadTo(null, [['water.png', await bands([400, BLACK])]]);

  const modelId = await fixtureModelId(t.app, user.headers);
  const standard = await resolutionId(t.app, user.headers, 'standard');
  const scheduled = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/request-predict/`,
    headers: user.headers,
    payload: { model: modelId, resolution: standard, images: [bowFouled, bowLight, propeller, water] },
  });
  expect(scheduled.statusCode, scheduled.body).toBe(201);
  expect((await waitForRequest(t.app, user.headers, scheduled.json().request_id)).status).toBe('DONE');
  const [late] = await uploadTo(null, [['late.png', await bands([400, BLUE])]]);
  return {
    user,
    projectId,
    vesselId: vessel.json().id,
    modelId,
    standard,
    images: { bowFouled: bowFouled!, bowLight: bowLight!, propeller: propeller!, water: water!, late: late! },
  };
}
