import { readdir, rm, utimes } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { loadConfig } from '../../src/load-config.js';
import { databaseKey } from '../../src/db/installation.js';
import type { DB } from '../../src/db/schema.js';
import { imagesRepository } from '../../src/features/images/images.repository.js';
import { ABANDONED_AFTER_MS } from '../../src/storage/abandoned-files.js';
import { createStorage } from '../../src/storage/create-storage.js';
import { removeOrphanImageFolders, sweepOrphanImageFolders } from '../../src/storage/orphan-image-folders.js';
import { BINDING_FILE, storageBelongsToDatabase } from '../../src/storage/storage-binding.js';
import { storageKeys } from '../../src/storage/storage-keys.js';
import type { Storage } from '../../src/storage/storage.js';
import { signUp } from '../support/accounts.js';
import { filesUnder, solidImage, upload } from '../support/images.js';
import { createProject } from '../support/projects.js';
import { type S3StandIn, startS3StandIn } from '../support/s3-stand-in.js';
import { createDataHome } from '../support/server-process.js';
import { FIXTURE_MODELS_DIR, createTestApp, type TestApp } from '../support/test-app.js';

const HOUR = 60 * 60 * 1000;
const UPLOADED_FILES = [
  'model-input/standard.rgb',
  'original.png',
  'preview.jpg',
  'thumbnail.b64',
  'thumbnail.jpg',
];
const PLANTED_FILES = ['original.jpg', 'predictions/request-1/PRED.png'];
/** The folder names storageKeys.newImage draws. */
const RANDOM_FOLDER = /\/images\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let s3: S3StandIn;
let bucketPlaces = 0;
beforeAll(async () => {
  s3 = await startS3StandIn();
  // The apps of these tests run in this process: the SDK's credential chain reads them from here.
  for (const [name, value] of Object.entries(s3.env('unused'))) {
    if (name.startsWith('AWS_')) vi.stubEnv(name, value);
  }
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await s3?.close();
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** One kind of storage: the environment that picks it, and how a test looks into it from outside. */
interface Backend {
  /** The environment for an app on a fresh place of this kind. */
  env(): Record<string, string>;
  /** Where a key lies on this machine's disk (the S3 stand-in keeps each object in files named after it). */
  diskPath(config: Config, key: string): string;
  /** The files stored under `prefix`, relative to it, sorted. */
  filesUnder(config: Config, prefix: string): Promise<string[]>;
  /** Where an operator finds the binding record. */
  bindingFile(config: Config): string;
  /** Removes one stored file, as an operator would. */
  remove(config: Config, key: string): Promise<void>;
}

function bucketPrefix(config: Config): string {
  if (config.storage.kind !== 's3') throw new Error('not on S3');
  return config.storage.prefix;
}

const backends: [string, Backend][] = [
  [
    'local folder',
    {
      env: () => ({}),
      diskPath: (config, key) => path.join(config.storageDir, key),
      filesUnder: (config, prefix) => filesUnder(path.join(config.storageDir, prefix)),
      bindingFile: (config) => path.join(config.storageDir, BINDING_FILE),
      remove: (config, key) => rm(path.join(config.storageDir, key)),
    },
  ],
  [
    'S3 bucket',
    {
      env: () => {
        bucketPlaces += 1;
        return s3.env(`orphans-${bucketPlaces}`);
      },
      diskPath: (config, key) => path.join(s3.directory, s3.bucket, bucketPrefix(config), key),
      async filesUnder(config, prefix) {
        const listed = `${bucketPrefix(config)}/${prefix}/`;
        const page = await s3.client().send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: listed }));
        return (page.Contents ?? []).map((object) => object.Key!.slice(listed.length)).sort();
      },
      bindingFile: (config) => `s3://${s3.bucket}/${bucketPrefix(config)}/${BINDING_FILE}`,
      async remove(config, key) {
        await s3
          .client()
          .send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `${bucketPrefix(config)}/${key}` }));
      },
    },
  ],
];

describe.each(backends)('on a %s', (_name, backend) => {
  /** The app's storage, as app.ts builds it. */
  const storageOf = (config: Config): Storage => createStorage(config.storage, config.uploads.tempDir);

  /** Sets the modification time of everything stored under `prefix` to `ageMs` ago. */
  async function age(config: Config, prefix: string, ageMs: number): Promise<void> {
    const when = new Date(Date.now() - ageMs);
    const folder = backend.diskPath(config, prefix);
    for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
      await utimes(path.join(entry.parentPath, entry.name), when, when);
    }
    await utimes(folder, when, when);
  }

  /** An image folder with an original and one prediction's file, last changed `ageMs` ago. */
  async function plantFolder(config: Config, prefix: string, ageMs: number): Promise<string> {
    const storage = storageOf(config);
    await storage.putBuffer(`${prefix}/original.jpg`, Buffer.from('x'));
    await storage.putBuffer(`${prefix}/predictions/request-1/PRED.png`, Buffer.from('x'));
    await age(config, prefix, ageMs);
    return prefix;
  }

  /** The lookups app.ts gives the sweep, over `db`. */
  function lookupOf(db: Kysely<DB>) {
    return { ...imagesRepository(db), databaseKey: () => databaseKey(db) };
  }

  interface Uploaded {
    ownerId: number;
    headers: { authorization: string };
    projectId: number;
    /** The image ids, in upload order. */
    id: (index: number) => number;
    /** The folder each image's row records, by image id. */
    folderOf: (imageId: number) => string;
  }

  /** A signed-up user with a project holding `count` uploaded images. */
  async function projectWithImages(app: FastifyInstance, config: Config, count: number): Promise<Uploaded> {
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
    const rows = await app.database.db
      .selectFrom('images')
      .select(['id', 'storage_prefix'])
      .where('id', 'in', ids)
      .execute();
    const folders = new Map(rows.map((row) => [row.id, row.storage_prefix]));
    return {
      ownerId: user.organisationId,
      headers: user.headers,
      projectId,
      id: (index) => {
        const id = ids[index];
        if (id === undefined) throw new Error(`only ${ids.length} images were uploaded`);
        return id;
      },
      folderOf: (imageId) => {
        const folder = folders.get(imageId);
        if (folder === undefined) throw new Error(`image ${imageId} was not uploaded here`);
        return folder;
      },
    };
  }

  async function testApp(): Promise<TestApp> {
    const t = await createTestApp({ WORKER_ENABLED: 'false', ...backend.env() });
    cleanups.push(() => t.close());
    return t;
  }

  /** Whether anything is stored under `prefix`. */
  const isThere = async (config: Config, prefix: string) =>
    (await storageOf(config).lastModified(prefix)) !== undefined;

  /** The binding record once the start-up sweep has written it. */
  async function startUpBinding(config: Config): Promise<string> {
    let recorded = '';
    await vi.waitFor(
      async () => {
        recorded = (await storageOf(config).getBuffer(BINDING_FILE)).toString('utf8').trim();
        // The S3 stand-in (s3rver) can show an object while its bytes are still being written,
        // which S3 itself never does: read again until they are there.
        if (recorded === '') throw new Error('the binding record is still being written');
      },
      { timeout: 10_000 },
    );
    return recorded;
  }

  describe('removeOrphanImageFolders', () => {
    it('removes old image folders no row records, and keeps recorded, recent and unknown ones', async () => {
      const t = await testApp();
      const { db } = t.app.database;
      const storage = storageOf(t.config);
      const images = await projectWithImages(t.app, t.config, 4);
      const [recentOrphan, oldOrphan, owned, legacy] = [
        images.id(0),
        images.id(1),
        images.id(2),
        images.id(3),
      ];
      // Rows gone, files left: a delete whose file removal failed, or an upload killed before commit.
      await db.deleteFrom('images').where('id', 'in', [recentOrphan, oldOrphan]).execute();
      const stale = 2 * HOUR;
      await age(t.config, images.folderOf(oldOrphan), stale);
      await age(t.config, images.folderOf(owned), stale);
      // An image stored before folders had random names: its row records its id-named folder.
      const legacyFolder = storageKeys.image(images.ownerId, images.projectId, String(legacy));
      await storage.deletePrefix(images.folderOf(legacy));
      await db.updateTable('images').set({ storage_prefix: legacyFolder }).where('id', '=', legacy).execute();
      await plantFolder(t.config, legacyFolder, stale);
      // Left by earlier crashes: an id-named folder whose upload never committed (also above the
      // highest id), and a folder in another project of the owner, where no row records it.
      const idNamedOrphan = await plantFolder(
        t.config,
        storageKeys.image(images.ownerId, images.projectId, String(legacy + 1)),
        stale,
      );
      const elsewhere = await plantFolder(t.config, storageKeys.newImage(images.ownerId, 999), stale);
      // Names storageKeys never gives an image folder: not ours to judge.
      const notAnId = await plantFolder(
        t.config,
        storageKeys.image(images.ownerId, images.projectId, `0${oldOrphan}`),
        stale,
      );
      const notAName = await plantFolder(
        t.config,
        storageKeys.image(images.ownerId, images.projectId, 'notes'),
        stale,
      );

      const result = await removeOrphanImageFolders(storage, lookupOf(db), new Date(Date.now() - HOUR));

      expect(result).toEqual({ removed: 3, failed: 0 });
      expect(await isThere(t.config, images.folderOf(oldOrphan))).toBe(false);
      expect(await isThere(t.config, idNamedOrphan)).toBe(false);
      expect(await isThere(t.config, elsewhere)).toBe(false);
      expect(await backend.filesUnder(t.config, images.folderOf(recentOrphan))).toEqual(UPLOADED_FILES);
      expect(await backend.filesUnder(t.config, images.folderOf(owned))).toEqual(UPLOADED_FILES);
      expect(await backend.filesUnder(t.config, legacyFolder)).toEqual(PLANTED_FILES);
      expect(await backend.filesUnder(t.config, notAnId)).toEqual(PLANTED_FILES);
      expect(await backend.filesUnder(t.config, notAName)).toEqual(PLANTED_FILES);
    });

    it('keeps a folder with a recent file deep inside, however old the rest', async () => {
      const t = await testApp();
      const { db } = t.app.database;
      const storage = storageOf(t.config);
      const images = await projectWithImages(t.app, t.config, 2);
      await db.deleteFrom('images').where('id', '=', images.id(0)).execute();
      const folder = await plantFolder(t.config, images.folderOf(images.id(0)), 2 * HOUR);
      await storage.putBuffer(`${folder}/predictions/request-1/STAT.png`, Buffer.from('being written'));

      const result = await removeOrphanImageFolders(storage, lookupOf(db), new Date(Date.now() - HOUR));

      expect(result.removed).toBe(0);
      expect(await backend.filesUnder(t.config, folder)).toContain('predictions/request-1/STAT.png');
    });

    it('removes nothing once told to stop', async () => {
      const t = await testApp();
      const { db } = t.app.database;
      const images = await projectWithImages(t.app, t.config, 2);
      await db.deleteFrom('images').where('id', '=', images.id(0)).execute();
      await age(t.config, images.folderOf(images.id(0)), 2 * HOUR);

      const result = await removeOrphanImageFolders(
        storageOf(t.config),
        lookupOf(db),
        new Date(),
        AbortSignal.abort(),
      );

      expect(result.removed).toBe(0);
      expect(await isThere(t.config, images.folderOf(images.id(0)))).toBe(true);
    });
  });

  describe('storage bound to its database', () => {
    it('a new installation records its database key in the storage at start-up', async () => {
      const t = await testApp();
      expect(await startUpBinding(t.config)).toBe(await databaseKey(t.app.database.db));
    });

    it('storage recorded as another database’s keeps its image folders without rows', async () => {
      const t = await testApp();
      const { db } = t.app.database;
      const storage = storageOf(t.config);
      const images = await projectWithImages(t.app, t.config, 2);
      await db.deleteFrom('images').where('id', '=', images.id(0)).execute();
      await age(t.config, images.folderOf(images.id(0)), ABANDONED_AFTER_MS + HOUR);
      await startUpBinding(t.config);
      await storage.putBuffer(BINDING_FILE, Buffer.from('another-database\n'));
      const warn = vi.spyOn(t.app.log, 'warn');
      const bindingFile = backend.bindingFile(t.config);

      const result = await sweepOrphanImageFolders({ storage, bindingFile }, lookupOf(db), t.app.log);

      expect(result).toBeUndefined();
      expect(await backend.filesUnder(t.config, images.folderOf(images.id(0)))).toEqual(UPLOADED_FILES);
      // The operator is told which file to write and what to write in it.
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ bindingFile, databaseKey: await databaseKey(db) }),
        expect.stringContaining('write databaseKey into bindingFile'),
      );
    });

    it('unrecorded storage is bound only when it evidently holds this database’s files', async () => {
      const t = await testApp();
      const { db } = t.app.database;
      const storage = storageOf(t.config);
      // Recorded at start-up; removed, as storage from before the record existed would be.
      await startUpBinding(t.config);
      await backend.remove(t.config, BINDING_FILE);
      // Someone's files, and a database without images: a fresh database beside kept files.
      await plantFolder(t.config, storageKeys.image(1, 1, '1'), 0);
      expect(await storageBelongsToDatabase(storage, lookupOf(db))).toBe(false);
      await expect(storage.getBuffer(BINDING_FILE)).rejects.toMatchObject({ code: 'ENOENT' });

      // This database's newest image is there: bound, and recorded.
      await projectWithImages(t.app, t.config, 1);
      expect(await storageBelongsToDatabase(storage, lookupOf(db))).toBe(true);
      expect((await storage.getBuffer(BINDING_FILE)).toString('utf8').trim()).toBe(await databaseKey(db));
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
        ...backend.env(),
      });
      const first = await buildApp(config);
      let firstOpen = true;
      cleanups.push(async () => {
        if (firstOpen) await first.close();
      });
      const images = await projectWithImages(first, config, 3);
      await first.database.db
        .deleteFrom('images')
        .where('id', 'in', [images.id(0), images.id(1)])
        .execute();
      await first.close();
      firstOpen = false;
      await age(config, images.folderOf(images.id(0)), ABANDONED_AFTER_MS + HOUR);
      await age(config, images.folderOf(images.id(1)), ABANDONED_AFTER_MS - HOUR);
      await age(config, images.folderOf(images.id(2)), ABANDONED_AFTER_MS + HOUR);

      const second = await buildApp(config);
      cleanups.push(() => second.close());

      await vi.waitFor(async () => expect(await isThere(config, images.folderOf(images.id(0)))).toBe(false), {
        timeout: 10_000,
      });
      // Younger than the abandonment age: maybe an upload still writing, so kept.
      expect(await backend.filesUnder(config, images.folderOf(images.id(1)))).toEqual(UPLOADED_FILES);
      expect(await backend.filesUnder(config, images.folderOf(images.id(2)))).toEqual(UPLOADED_FILES);
    });
  });

  describe('uploading', () => {
    it('stores each image in a new folder of its own, never one a crash left behind', async () => {
      const t = await testApp();
      const images = await projectWithImages(t.app, t.config, 1);
      // Where an earlier version stored the next image: a killed upload's files, left there.
      const leftover = await plantFolder(
        t.config,
        storageKeys.image(images.ownerId, images.projectId, String(images.id(0) + 1)),
        2 * HOUR,
      );

      const uploaded = await upload(t.app, images.headers, images.projectId, [
        { name: 'next.png', data: await solidImage('png') },
        { name: 'after.png', data: await solidImage('png') },
      ]);

      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const ids: number[] = uploaded.json().data.map((entry: { id: number }) => entry.id);
      const rows = await t.app.database.db
        .selectFrom('images')
        .select('storage_prefix')
        .where('id', 'in', ids)
        .execute();
      const folders = rows.map((row) => row.storage_prefix);
      expect(folders).toHaveLength(2);
      expect(new Set([...folders, images.folderOf(images.id(0)), leftover]).size).toBe(4);
      for (const folder of folders) {
        expect(folder.startsWith(`${storageKeys.images(images.ownerId, images.projectId)}/`)).toBe(true);
        expect(folder).toMatch(RANDOM_FOLDER);
        expect(await backend.filesUnder(t.config, folder)).toEqual(UPLOADED_FILES);
      }
      expect(await backend.filesUnder(t.config, leftover)).toEqual(PLANTED_FILES);
    });
  });
});
