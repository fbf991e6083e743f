import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LabelPercentage } from '@hullscope/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelStatChart } from '../../../src/features/predictions/stat-chart-file.js';
import { renderStatChart } from '../../../src/inference/stat-chart.js';
import { localStorage } from '../../../src/storage/local-storage.js';
import { signUp } from '../../support/accounts.js';
import {
  BLUE,
  CLASS,
  RED,
  bandMask,
  bandPhoto,
  palettePng,
  postMask,
  predictedProject,
} from '../../support/masks.js';
import { readZip } from '../../support/predictions.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The fixture model's manifest name and version: the title the pipeline gave its charts. */
const FIXTURE_TITLE = 'Color Classes 0.0.1';

async function predictionRow(id: number) {
  return t.app.database.db
    .selectFrom('predictions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Where the model's own STAT.png of a prediction is kept on disk. */
async function statPath(predictionId: number): Promise<string> {
  const row = await predictionRow(predictionId);
  return path.join(t.config.storageDir, row.storage_prefix, 'STAT.png');
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** What renderStatChart draws for the prediction's stored percentages under the fixture's title. */
async function expectedChart(predictionId: number): Promise<Buffer> {
  const row = await predictionRow(predictionId);
  return renderStatChart(JSON.parse(row.percentages) as LabelPercentage[], FIXTURE_TITLE);
}

async function readSet(base: string, predictionId: number, headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: `${base}/predictionset/${predictionId}/`, headers });
}

describe('the STAT chart, drawn when first asked for', () => {
  it('is not written by the pipeline; the first read draws, stores and answers it, later reads read the file', async () => {
    const { user, base, predictionIds } = await predictedProject(t);
    const [predictionId] = predictionIds as [number];
    const file = await statPath(predictionId);
    expect(await exists(file)).toBe(false);
    expect((await predictionRow(predictionId)).model_name).toBe('Color Classes');

    const first = await readSet(base, predictionId, user.headers);
    expect(first.statusCode, first.body).toBe(200);
    const expected = await expectedChart(predictionId);
    const { width, height } = await sharp(expected).metadata();
    expect(first.json().STAT).toMatchObject({ type: 'STAT', width, height });
    expect(Buffer.from(first.json().STAT.base64_image, 'base64')).toEqual(expected);
    expect(await readFile(file)).toEqual(expected);

    // Whatever the file holds is what is served from then on: the chart is not drawn again.
    const marker = await sharp({
      create: { width: 3, height: 2, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    await writeFile(file, marker);
    const second = await readSet(base, predictionId, user.headers);
    expect(Buffer.from(second.json().STAT.base64_image, 'base64')).toEqual(marker);
    expect(second.json().STAT).toMatchObject({ width: 3, height: 2 });
    // Drawn or read, the bytes the API serves are the same, and so is the answer's tag.
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('serves a STAT.png stored before this change unchanged, whatever the manifest says now', async () => {
    const { user, base, predictionIds } = await predictedProject(t);
    const [predictionId] = predictionIds as [number];
    // As a prediction made before: no model name kept, its chart stored by the pipeline.
    await t.app.database.db
      .updateTable('predictions')
      .set({ model_name: null })
      .where('id', '=', predictionId)
      .execute();
    const row = await predictionRow(predictionId);
    const stored = await renderStatChart(
      JSON.parse(row.percentages) as LabelPercentage[],
      'Older name 0.0.1',
    );
    await writeFile(await statPath(predictionId), stored);
    const set = (await readSet(base, predictionId, user.headers)).json();
    expect(Buffer.from(set.STAT.base64_image, 'base64')).toEqual(stored);
  });

  it('keeps the title of the model that made the prediction when its manifest is renamed later', async () => {
    const { user, base, predictionIds } = await predictedProject(t);
    const [predictionId] = predictionIds as [number];
    const expected = await expectedChart(predictionId);
    const { db } = t.app.database;
    const model = await db
      .selectFrom('cv_models')
      .selectAll()
      .where('name', '=', 'Color Classes')
      .executeTakeFirstOrThrow();
    const renamed = JSON.stringify({ ...JSON.parse(model.manifest), name: 'Renamed Classes' });
    await db.updateTable('cv_models').set({ manifest: renamed }).where('id', '=', model.id).execute();
    try {
      const set = (await readSet(base, predictionId, user.headers)).json();
      expect(Buffer.from(set.STAT.base64_image, 'base64')).toEqual(expected);
    } finally {
      await db
        .updateTable('cv_models')
        .set({ manifest: model.manifest })
        .where('id', '=', model.id)
        .execute();
    }
  });

  it('answers two first readers at once with the same chart, stored whole', async () => {
    const { user, base, predictionIds } = await predictedProject(t);
    const [predictionId] = predictionIds as [number];
    const [one, two] = await Promise.all([
      readSet(base, predictionId, user.headers),
      readSet(base, predictionId, user.headers),
    ]);
    const expected = await expectedChart(predictionId);
    expect(Buffer.from(one.json().STAT.base64_image, 'base64')).toEqual(expected);
    expect(Buffer.from(two.json().STAT.base64_image, 'base64')).toEqual(expected);
    expect(await readFile(await statPath(predictionId))).toEqual(expected);
  });

  it('puts the drawn STAT.png in the download of never-viewed predictions, and stores it', async () => {
    const photos = [
      { name: 'bow.png', data: await bandPhoto([100, RED], [300, BLUE]) },
      { name: 'stern.png', data: await bandPhoto([300, RED], [100, BLUE]) },
    ];
    const { user, base, imageIds, predictionIds } = await predictedProject(t, photos);
    const zip = await t.app.inject({ method: 'GET', url: `${base}/download/`, headers: user.headers });
    expect(zip.statusCode).toBe(200);
    const entries = await readZip(zip.rawPayload);
    for (const [index, name] of ['bow.png', 'stern.png'].entries()) {
      const predictionId = predictionIds[index]!;
      const expected = await expectedChart(predictionId);
      expect(entries.get(`${imageIds[index]}-${name}/Color_Classes-0.0.1-standard/STAT.png`)).toEqual(
        expected,
      );
      expect(await readFile(await statPath(predictionId))).toEqual(expected);
    }
  });

  it('puts the drawn STAT.png in a data export of never-viewed predictions', async () => {
    const { user, projectId, imageIds, predictionIds } = await predictedProject(t);
    const started = await t.app.inject({ method: 'POST', url: '/api/user/export/', headers: user.headers });
    expect(started.statusCode, started.body).toBe(201);
    const id: number = started.json().id;
    const deadline = Date.now() + 60_000;
    let status = '';
    while (status !== 'READY' && status !== 'FAILED' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (
        await t.app.inject({ method: 'GET', url: `/api/user/export/${id}/`, headers: user.headers })
      ).json().status;
    }
    expect(status).toBe('READY');
    const zip = await readFile(
      path.join(
        t.config.storageDir,
        'users',
        String(user.organisationId),
        'exports',
        String(id),
        'hullscope-export.zip',
      ),
    );
    const entries = await readZip(zip);
    const stat = [...entries.keys()].filter(
      (name) =>
        name.startsWith(`projects/${projectId}-`) &&
        name.endsWith(`/${imageIds[0]}-hull.png/Color_Classes-0.0.1-standard/STAT.png`),
    );
    expect(stat).toHaveLength(1);
    expect(entries.get(stat[0]!)).toEqual(await expectedChart(predictionIds[0]!));
  });

  it("serves a saved mask version's own STAT from the version's folder, drawing no model chart", async () => {
    const { user, base, predictionIds } = await predictedProject(t);
    const [predictionId] = predictionIds as [number];
    const saved = await postMask(
      t.app,
      user.headers,
      `${base}/predictionset/${predictionId}/masks/`,
      await palettePng(bandMask([50, CLASS.hard], [350, CLASS.clean])),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const row = await predictionRow(predictionId);
    expect(row.mask_prefix).not.toBeNull();
    const versionChart = await readFile(path.join(t.config.storageDir, row.mask_prefix!, 'STAT.png'));
    const set = (await readSet(base, predictionId, user.headers)).json();
    expect(Buffer.from(set.STAT.base64_image, 'base64')).toEqual(versionChart);
    expect(versionChart).toEqual(
      await renderStatChart(JSON.parse(row.percentages) as LabelPercentage[], FIXTURE_TITLE),
    );
    expect(await exists(await statPath(predictionId))).toBe(false);
  });

  it('answers another organisation 404, as for an unknown id, and draws nothing', async () => {
    const { base, predictionIds } = await predictedProject(t);
    const [predictionId] = predictionIds as [number];
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    const theirs = await readSet(base, predictionId, stranger.headers);
    expect(theirs.statusCode).toBe(404);
    const unknown = await readSet(base, predictionId + 100_000, stranger.headers);
    expect(theirs.json()).toEqual(unknown.json());
    expect(await exists(await statPath(predictionId))).toBe(false);
  });

  it('leaves no file behind when the prediction is deleted while its chart is drawn', async () => {
    const { user, base, imageIds, predictionIds } = await predictedProject(t);
    const [predictionId] = predictionIds as [number];
    const row = await predictionRow(predictionId);
    const model = await t.app.database.db
      .selectFrom('cv_models')
      .select('manifest')
      .where('id', '=', row.model_id)
      .executeTakeFirstOrThrow();
    // Deleted between the read of its row and the storing of its chart.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${base}/image/${imageIds[0]}/delete/`,
      headers: user.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const storage = localStorage(t.config.storageDir);
    const chart = await modelStatChart(t.app.database.db, storage, {
      ...row,
      model_manifest: model.manifest,
    });
    expect(chart).toEqual(
      await renderStatChart(JSON.parse(row.percentages) as LabelPercentage[], FIXTURE_TITLE),
    );
    expect(await exists(path.join(t.config.storageDir, row.storage_prefix))).toBe(false);
  });
});
