import { existsSync } from 'node:fs';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { imagesRepository } from '../src/features/images/images.repository.js';
import { ABANDONED_AFTER_MS } from '../src/storage/abandoned-files.js';
import { storageKeys } from '../src/storage/storage-keys.js';
import { removeOrphanImageFolders } from '../src/storage/orphan-image-folders.js';
import { signUp } from './support/accounts.js';
import { filesUnder, solidImage, upload } from './support/images.js';
import { createProject } from './support/projects.js';
import { createDataHome } from './support/server-process.js';
import { FIXTURE_MODELS_DIR, createTestApp, type TestApp } from './support/test-app.js';

const HOUR = 60 * 60 * 1000;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Sets the modification time of a folder and of everything in it to `ageMs` ago. */
async function age(folder: string, ageMs: number): Promise<void> {
  const when = new Date(Date.now() - ageMs);
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    await utimes(path.join(entry.parentPath, entry.name), when, when);
  }
  await utimes(folder, when, when);
}

async function plantFolder(folder: string, ageMs: number): Promise<string> {
  await mkdir(path.join(folder, 'predictions/request-1'), { recursive: true });
  await writeFile(path.join(folder, 'original.jpg'), 'x');
  await writeFile(path.join(folder, 'predictions/request-1/PRED.png'), 'x');
  await age(folder, ageMs);
  return folder;
}

/** A signed-up user with a project holding `count` uploaded images; returns their ids and folders. */
async function projectWithImages(
  t: { app: TestApp['app']; storageDir: string; outbox: string },
  count: number,
) {
  const user = await signUp(t.app, t.outbox);
  const projectId = await createProject(t.app, user.headers, { name: 'Hull', location: 'Dock' });
  const picture = await solidImage('png');
  const uploaded = await upload(
    t.app,
    user.headers,
    projectId,
    Array.from({ length: count }, (_, index) => ({ name: `hull-${index}.png`, data: picture })),
  );
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const ids: number[] = uploaded.json().data.map((entry: { id: number }) => entry.id);
  const folderOf = (imageId: number) =>
    path.join(t.storageDir, storageKeys.image(user.userId, projectId, imageId));
  return { user, projectId, ids, folderOf };
}

async function testApp(): Promise<TestApp> {
  const t = await createTestApp({ WORKER_ENABLED: 'false' });
  cleanups.push(() => t.close());
  return t;
}

describe('removeOrphanImageFolders', () => {
  it('removes old image folders no row owns, and keeps owned, recent and not yet committed ids', async () => {
    const t = await testApp();
    const { db } = t.app.database;
    const storageDir = t.config.storageDir;
    const { user, projectId, ids, folderOf } = await projectWithImages(
      { app: t.app, storageDir, outbox: path.join(t.dataDir, 'outbox') },
      4,
    );
    const [recentOrphanId, oldOrphanId, ownedId, highestId] = ids;
    // Rows gone, files left: a delete whose file removal failed, or an upload killed before commit.
    await db.deleteFrom('images').where('id', 'in', [recentOrphanId, oldOrphanId]).execute();
    const stale = 2 * HOUR;
    await age(folderOf(oldOrphanId), stale);
    await age(folderOf(ownedId), stale);
    // The same id in a project of the same owner where it has no row, and an id not handed out yet.
    const elsewhere = await plantFolder(
      path.join(storageDir, storageKeys.image(user.userId, 999, ownedId)),
      stale,
    );
    const notYetCommitted = await plantFolder(folderOf(highestId + 1), stale);
    const notAnImage = await plantFolder(
      path.join(storageDir, `users/${user.userId}/projects/${projectId}/images/tmp`),
      stale,
    );

    const result = await removeOrphanImageFolders(
      storageDir,
      imagesRepository(db),
      new Date(Date.now() - HOUR),
    );

    expect(result).toEqual({ removed: 2, failed: 0 });
    expect(existsSync(folderOf(oldOrphanId))).toBe(false);
    expect(existsSync(elsewhere)).toBe(false);
    expect(existsSync(folderOf(recentOrphanId))).toBe(true);
    expect(await filesUnder(folderOf(ownedId))).toEqual(['original.png', 'preview.jpg', 'thumbnail.jpg']);
    expect(existsSync(notYetCommitted)).toBe(true);
    expect(existsSync(notAnImage)).toBe(true);
    expect(existsSync(folderOf(highestId))).toBe(true);
  });

  it('keeps a folder whose newest file is recent, however old the rest', async () => {
    const t = await testApp();
    const { db } = t.app.database;
    const { ids, folderOf } = await projectWithImages(
      { app: t.app, storageDir: t.config.storageDir, outbox: path.join(t.dataDir, 'outbox') },
      2,
    );
    await db.deleteFrom('images').where('id', '=', ids[0]).execute();
    await age(folderOf(ids[0]), 2 * HOUR);
    await writeFile(path.join(folderOf(ids[0]), 'thumbnail.jpg'), 'being written');

    const result = await removeOrphanImageFolders(
      t.config.storageDir,
      imagesRepository(db),
      new Date(Date.now() - HOUR),
    );

    expect(result.removed).toBe(0);
    expect(existsSync(folderOf(ids[0]))).toBe(true);
  });
});

describe('uploading under an id whose folder a crash left behind', () => {
  it('stores only the new image’s files there', async () => {
    const t = await testApp();
    const outbox = path.join(t.dataDir, 'outbox');
    const { user, projectId, ids, folderOf } = await projectWithImages(
      { app: t.app, storageDir: t.config.storageDir, outbox },
      1,
    );
    // Ids are handed out in order on both databases here, so the next upload gets ids[0] + 1.
    const leftover = await plantFolder(folderOf(ids[0] + 1), 2 * HOUR);
    await writeFile(path.join(leftover, 'original.webp'), 'from the killed upload');

    const uploaded = await upload(t.app, user.headers, projectId, [
      { name: 'next.jpg', data: await solidImage('jpeg') },
    ]);

    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().data[0].id).toBe(ids[0] + 1);
    expect(await filesUnder(leftover)).toEqual(['original.jpg', 'preview.jpg', 'thumbnail.jpg']);
  });
});

describe('start-up', () => {
  it('removes image folders no row owns once they are older than the abandonment age', async () => {
    const home = await createDataHome('hullscope-orphans-');
    cleanups.push(() => home.remove());
    const env = {
      DATA_DIR: home.dataDir,
      DATABASE_URL: home.database.url,
      MODELS_DIR: FIXTURE_MODELS_DIR,
      APP_URL: 'http://hullscope.test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(home.dataDir, 'no-web'),
      WORKER_ENABLED: 'false',
    };
    const first = await buildApp(loadConfig(env));
    const storageDir = loadConfig(env).storageDir;
    const { ids, folderOf } = await projectWithImages(
      { app: first, storageDir, outbox: path.join(home.dataDir, 'outbox') },
      2,
    );
    await first.database.db.deleteFrom('images').where('id', '=', ids[0]).execute();
    await first.close();
    await age(folderOf(ids[0]), ABANDONED_AFTER_MS + HOUR);
    await age(folderOf(ids[1]), ABANDONED_AFTER_MS + HOUR);

    const second = await buildApp(loadConfig(env));
    cleanups.push(() => second.close());

    await vi.waitFor(() => expect(existsSync(folderOf(ids[0]))).toBe(false));
    expect(await filesUnder(folderOf(ids[1]))).toEqual(['original.png', 'preview.jpg', 'thumbnail.jpg']);
  });
});
