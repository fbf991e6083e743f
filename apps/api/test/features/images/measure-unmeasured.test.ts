// Issue 46: images uploaded before quality was measured get it from the operator's back-fill
// (`npm run admin -- measure-quality`), measured from their originals as an upload measures them.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureUnmeasuredImages } from '../../../src/features/images/measure-unmeasured.js';
import { createStorage } from '../../../src/storage/create-storage.js';
import { signUp } from '../../support/accounts.js';
import { uploadParts } from '../../support/images.js';
import { createProject } from '../../support/projects.js';
import { hazed, hullPixels, raw } from '../../support/quality-pictures.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const qualityOf = async (id: number) =>
  (
    await t.app.database.db
      .selectFrom('images')
      .select('quality')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).quality;

describe('measuring images uploaded before quality was', () => {
  it('measures each one from its original as its upload would have, and reports an unreadable one', async () => {
    const user = await signUp(t.app, t.config.mail.outboxDir);
    const projectId = await createProject(t.app, user.headers);
    const uploaded = await uploadParts(t.app, user.headers, projectId, [
      { field: 'images', file: 'clear.png', data: await sharp(hullPixels(), raw).png().toBuffer() },
      { field: 'images', file: 'murky.png', data: await hazed(0.85).png().toBuffer() },
      { field: 'images', file: 'lost.png', data: await hazed(0.3).png().toBuffer() },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [clear, murky, lost] = (uploaded.json().data as { id: number }[]).map((entry) => entry.id) as [
      number,
      number,
      number,
    ];
    const atUpload = [await qualityOf(clear), await qualityOf(murky)];
    // As a database migrated from before 0017 holds them; one original has gone missing meanwhile.
    await t.app.database.db.updateTable('images').set({ quality: null }).execute();
    const storage = createStorage(t.config.storage, t.config.uploads.tempDir);
    const lostRow = await t.app.database.db
      .selectFrom('images')
      .select('storage_prefix')
      .where('id', '=', lost)
      .executeTakeFirstOrThrow();
    await storage.deletePrefix(lostRow.storage_prefix);
    const detailsUrl = `/api/projects/${projectId}/image-details/`;
    const before = await t.app.inject({ method: 'GET', url: detailsUrl, headers: user.headers });
    expect(before.headers.etag).toBeTruthy();

    const result = await measureUnmeasuredImages(t.app.database.db, storage, t.config.uploads.maxPixels);
    expect(result.measured).toBe(2);
    expect(result.failed).toEqual([expect.stringMatching(new RegExp(`^${lost} lost\\.png: `))]);
    expect([await qualityOf(clear), await qualityOf(murky)]).toEqual(atUpload);
    expect(await qualityOf(lost)).toBeNull();

    // The grades measured now reach clients holding the list from before: its ETag moved.
    const after = await t.app.inject({
      method: 'GET',
      url: detailsUrl,
      headers: { ...user.headers, 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    const details = after.json() as { id: number; quality: { grade: string } | null }[];
    expect(details.map((image) => [image.id, image.quality?.grade ?? null])).toEqual([
      [clear, 'good'],
      [murky, 'poor'],
      [lost, null],
    ]);
    // A second run finds only the one it could not read.
    expect(await measureUnmeasuredImages(t.app.database.db, storage, t.config.uploads.maxPixels)).toEqual({
      measured: 0,
      failed: [expect.stringContaining('lost.png')],
    });
  });
});
