import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { databaseKey } from '../../src/db/installation.js';
import type { DB } from '../../src/db/schema.js';
import { imagesRepository } from '../../src/features/images/images.repository.js';
import { ABANDONED_AFTER_MS } from '../../src/storage/abandoned-files.js';
import { removeOrphanImageFolders, sweepOrphanImageFolders } from '../../src/storage/orphan-image-folders.js';
import { BINDING_FILE, storageBelongsToDatabase } from '../../src/storage/storage-binding.js';
import { storageKeys } from '../../src/storage/storage-keys.js';
import { signUp } from '../support/accounts.js';
import { filesUnder, solidImage, upload } from '../support/images.js';
import { createProject } from '../support/projects.js';
import { createDataHome } from '../support/server-process.js';
import { FIXTURE_MODELS_DIR, createTestApp, type TestApp } from '../support/test-app.js';

const HOUR = 60 * 60 * 1000;
const UPLOADED_FILES = ['original.png', 'preview.jpg', 'thumbnail.b64', 'thumbnail.jpg'];
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

/** An image folder with an original and one prediction's file, last changed `ageMs` ago. */
async function plantFolder(folder: string, ageMs: number): Promise<string> {
  await mkdir(path.join(folder, 'predictions/request-1'), { recursive: true });
  await writeFile(path.join(folder, 'original.jpg'), 'x');
  await writeFile(path.join(folder, 'predictions/request-1/PRED.png'), 'x');
  await age(folder, ageMs);
  return folder;
}

/** The lookups app.ts gives the sweep, over `db`. */
function lookupOf(db: Kysely<DB>) {
  return { ...imagesRepository(db), databaseKey: () => databaseKey(db) };
}

interface Uploaded {
  userId: number;
  headers: { authorization: string };
  projectId: number;
  /** The image ids, in upload order. */
  id: (index: number) => number;
  folderOf: (imageId: number) => string;
}

/** A signed-up user with a project holding `count` uploaded images. */
async function projectWithImages(
  app: FastifyInstance,
  config: { storageDir: string; mail: { outboxDir: string } },
  count: number,
): Promise<Uploaded> {
  const user = await signUp(app, config.mail.outboxDir);
  const projectId = await createProject(app, user.headers, { name: 'Hull', location: 'Dock' });
  const picture = await solidImage('png');
  const uploaded = await upload(
    app,
    user.headers,
    projectId,
    Array.from({ length: count }, (_, index) => ({ name: `hull-${index}.png`, data: picture })),
  );
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const ids: number[] = uploaded.json().data.map((entry: { id: number }) => entry.id);
  return {
    userId: user.userId,
    headers: user.headers,
    projectId,
    id: (index) => {
      const id = ids[index];
      if (id === undefined) throw new Error(`only ${ids.length} images were uploaded`);
      return id;
    },
    folderOf: (imageId) => path.join(config.storageDir, storageKeys.image(user.userId, projectId, imageId)),
  };
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
    const images = await projectWithImages(t.app, t.config, 4);
    const [recentOrphan, oldOrphan, owned, highest] = [
      images.id(0),
      images.id(1),
      images.id(2),
      images.id(3),
    ];
    // Rows gone, files left: a delete whose file removal failed, or an upload killed before commit.
    await db.deleteFrom('images').where('id', 'in', [recentOrphan, oldOrphan]).execute();
    const stale = 2 * HOUR;
    await age(images.folderOf(oldOrphan), stale);
    await age(images.folderOf(owned), stale);
    // The same id in another project of the owner, where it has no row, and an id not handed out yet.
    const elsewhere = await plantFolder(
      path.join(storageDir, storageKeys.image(images.userId, 999, owned)),
      stale,
    );
    const notYetCommitted = await plantFolder(images.folderOf(highest + 1), stale);
    const notAnId = await plantFolder(images.folderOf(highest).replace(/\d+$/, `0${oldOrphan}`), stale);

    const result = await removeOrphanImageFolders(storageDir, lookupOf(db), new Date(Date.now() - HOUR));

    expect(result).toEqual({ removed: 2, failed: 0 });
    expect(existsSync(images.folderOf(oldOrphan))).toBe(false);
    expect(existsSync(elsewhere)).toBe(false);
    expect(existsSync(images.folderOf(recentOrphan))).toBe(true);
    expect(await filesUnder(images.folderOf(owned))).toEqual(UPLOADED_FILES);
    expect(existsSync(notYetCommitted)).toBe(true);
    expect(existsSync(notAnId)).toBe(true);
    expect(await filesUnder(images.folderOf(highest))).toEqual(UPLOADED_FILES);
  });

  it('keeps a folder with a recent file deep inside, however old the rest', async () => {
    const t = await testApp();
    const { db } = t.app.database;
    const images = await projectWithImages(t.app, t.config, 2);
    await db.deleteFrom('images').where('id', '=', images.id(0)).execute();
    const folder = await plantFolder(images.folderOf(images.id(0)), 2 * HOUR);
    await writeFile(path.join(folder, 'predictions/request-1/STAT.png'), 'being written');

    const result = await removeOrphanImageFolders(
      t.config.storageDir,
      lookupOf(db),
      new Date(Date.now() - HOUR),
    );

    expect(result.removed).toBe(0);
    expect(existsSync(folder)).toBe(true);
  });

  it('removes nothing once told to stop', async () => {
    const t = await testApp();
    const { db } = t.app.database;
    const images = await projectWithImages(t.app, t.config, 2);
    await db.deleteFrom('images').where('id', '=', images.id(0)).execute();
    await age(images.folderOf(images.id(0)), 2 * HOUR);

    const result = await removeOrphanImageFolders(
      t.config.storageDir,
      lookupOf(db),
      new Date(),
      AbortSignal.abort(),
    );

    expect(result.removed).toBe(0);
    expect(existsSync(images.folderOf(images.id(0)))).toBe(true);
  });
});

describe('storage bound to its database', () => {
  it('a new installation records its database key in the storage folder at start-up', async () => {
    const t = await testApp();
    const file = path.join(t.config.storageDir, BINDING_FILE);
    await vi.waitFor(() => expect(existsSync(file)).toBe(true), { timeout: 10_000 });
    expect((await readFile(file, 'utf8')).trim()).toBe(await databaseKey(t.app.database.db));
  });

  it('storage recorded as another database’s keeps its image folders without rows', async () => {
    const t = await testApp();
    const { db } = t.app.database;
    const images = await projectWithImages(t.app, t.config, 2);
    await db.deleteFrom('images').where('id', '=', images.id(0)).execute();
    await age(images.folderOf(images.id(0)), ABANDONED_AFTER_MS + HOUR);
    const bindingFile = path.join(t.config.storageDir, BINDING_FILE);
    await writeFile(bindingFile, 'another-database\n');
    const warn = vi.spyOn(t.app.log, 'warn');

    const result = await sweepOrphanImageFolders(t.config.storageDir, lookupOf(db), t.app.log);

    expect(result).toBeUndefined();
    expect(existsSync(images.folderOf(images.id(0)))).toBe(true);
    // The operator is told which file to write and what to write in it.
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ bindingFile, databaseKey: await databaseKey(db) }),
      expect.stringContaining('write databaseKey into bindingFile'),
    );
  });

  it('unrecorded storage is bound only when it evidently holds this database’s files', async () => {
    const t = await testApp();
    const { db } = t.app.database;
    const storageDir = t.config.storageDir;
    const file = path.join(storageDir, BINDING_FILE);
    // Recorded at start-up; removed, as storage from before the record existed would be.
    await vi.waitFor(() => expect(existsSync(file)).toBe(true), { timeout: 10_000 });
    await rm(file);
    // Someone's files, and a database without images: a fresh database beside kept files.
    await plantFolder(path.join(storageDir, storageKeys.image(1, 1, 1)), 0);
    expect(await storageBelongsToDatabase(storageDir, lookupOf(db))).toBe(false);
    expect(existsSync(file)).toBe(false);

    // This database's newest image is there: bound, and recorded.
    await projectWithImages(t.app, t.config, 1);
    expect(await storageBelongsToDatabase(storageDir, lookupOf(db))).toBe(true);
    expect((await readFile(file, 'utf8')).trim()).toBe(await databaseKey(db));
  });
});

describe('start-up', () => {
  it('removes image folders no row owns once nothing in them changed for the abandonment age', async () => {
    const home = await createDataHome('hullscope-orphans-');
    cleanups.push(() => home.remove());
    const config = loadConfig({
      DATA_DIR: home.dataDir,
      DATABASE_URL: home.database.url,
      MODELS_DIR: FIXTURE_MODELS_DIR,
      APP_URL: 'http://hullscope.test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(home.dataDir, 'no-web'),
      WORKER_ENABLED: 'false',
    });
    const first = await buildApp(config);
    let firstOpen = true;
    cleanups.push(async () => {
      if (firstOpen) await first.close();
    });
    const images = await projectWithImages(first, config, 2);
    await first.database.db.deleteFrom('images').where('id', '=', images.id(0)).execute();
    await first.close();
    firstOpen = false;
    await age(images.folderOf(images.id(0)), ABANDONED_AFTER_MS + HOUR);
    await age(images.folderOf(images.id(1)), ABANDONED_AFTER_MS + HOUR);

    const second = await buildApp(config);
    cleanups.push(() => second.close());

    await vi.waitFor(() => expect(existsSync(images.folderOf(images.id(0)))).toBe(false), {
      timeout: 10_000,
    });
    expect(await filesUnder(images.folderOf(images.id(1)))).toEqual(UPLOADED_FILES);
  });
});

describe('uploading under an id whose folder a crash left behind', () => {
  it('stores only the new image’s files there', async () => {
    const t = await testApp();
    const images = await projectWithImages(t.app, t.config, 1);
    // Ids are handed out in order on both databases here, so the next upload gets id + 1.
    const leftover = await plantFolder(images.folderOf(images.id(0) + 1), 2 * HOUR);
    await writeFile(path.join(leftover, 'original.webp'), 'from the killed upload');

    const uploaded = await upload(t.app, images.headers, images.projectId, [
      { name: 'next.jpg', data: await solidImage('jpeg') },
    ]);

    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().data[0].id).toBe(images.id(0) + 1);
    expect(await filesUnder(leftover)).toEqual([
      'original.jpg',
      'preview.jpg',
      'thumbnail.b64',
      'thumbnail.jpg',
    ]);
  });
});
