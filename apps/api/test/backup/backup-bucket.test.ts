import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/load-config.js';
import { isKeptStandardInput } from '../../src/storage/storage-keys.js';
import { signUp } from '../support/accounts.js';
import { runAdmin } from '../support/admin-cli.js';
import { uploadBandedPhotos } from '../support/images.js';
import { createProject } from '../support/projects.js';
import { type S3StandIn, startS3StandIn } from '../support/s3-stand-in.js';
import { createDataHome, homeEnv } from '../support/server-process.js';

const SPAWNING_TEST_TIMEOUT_MS = 180_000;

type Home = Awaited<ReturnType<typeof createDataHome>>;
let s3: S3StandIn;
const homes: Home[] = [];

let backups: string;

beforeAll(async () => {
  s3 = await startS3StandIn();
  backups = await mkdtemp(path.join(tmpdir(), 'hullscope-bucket-backups-'));
  // The apps of this test run in this process: the SDK's credential chain reads them from here.
  for (const [name, value] of Object.entries(s3.env('unused'))) {
    if (name.startsWith('AWS_')) vi.stubEnv(name, value);
  }
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all(homes.map((home) => home.remove()));
  await rm(backups, { recursive: true, force: true });
  await s3?.close();
});

async function installation(prefix: string): Promise<{ home: Home; env: Record<string, string> }> {
  const home = await createDataHome('hullscope-bucket-backup-');
  homes.push(home);
  return {
    home,
    env: homeEnv(home, s3.env(prefix)),
  };
}

/** Every object under `prefix/`: its key below the prefix and its content's SHA-256. */
async function objectsUnder(prefix: string): Promise<Map<string, string>> {
  const client = s3.client();
  const found = new Map<string, string>();
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${prefix}/` }));
  for (const object of listed.Contents ?? []) {
    const body = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: object.Key }));
    const bytes = Buffer.from(await body.Body!.transformToByteArray());
    found.set(object.Key!.slice(prefix.length + 1), createHash('sha256').update(bytes).digest('hex'));
  }
  return found;
}

describe('a backup of an installation that keeps its files in a bucket', () => {
  it(
    "copies the bucket's objects (not the uploads' kept model inputs), and restores them into an empty prefix, refusing one that holds objects",
    async () => {
      const source = await installation('backup-source');
      const app = await buildApp(loadConfig(source.env));
      let projectId: number;
      let headers: { authorization: string };
      try {
        const user = await signUp(app, path.join(source.home.dataDir, 'outbox'));
        headers = user.headers;
        projectId = await createProject(app, headers, { name: 'Bucket', location: 'Dock' });
        await uploadBandedPhotos(app, headers, projectId, 3, [400, 300]);
      } finally {
        await app.close();
      }
      const stored = await objectsUnder('backup-source');
      expect(stored.size).toBeGreaterThanOrEqual(6);

      const folder = path.join(backups, 'bucket');
      const backup = await runAdmin(source.env, 'backup', '--to', folder);
      expect(backup.code, backup.stderr).toBe(0);
      expect((await runAdmin(source.env, 'backup', '--verify', folder)).code).toBe(0);

      const occupied = await installation('backup-occupied');
      await s3
        .client()
        .send(
          new PutObjectCommand({ Bucket: s3.bucket, Key: 'backup-occupied/someone-else.txt', Body: 'x' }),
        );
      const refused = await runAdmin(occupied.env, 'restore', '--from', folder);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /already holds objects under "backup-occupied": restore into an empty bucket or prefix/,
      );

      const target = await installation('backup-restored');
      const restored = await runAdmin(target.env, 'restore', '--from', folder);
      expect(restored.code, restored.stderr).toBe(0);
      // Every object but the model inputs the uploads kept: derived, deleted once used, so left out.
      const kept = [...stored.keys()].filter(isKeptStandardInput);
      expect(kept).toHaveLength(3);
      expect(await objectsUnder('backup-restored')).toEqual(
        new Map([...stored].filter(([key]) => !isKeptStandardInput(key))),
      );

      const restoredApp = await buildApp(loadConfig(target.env));
      try {
        const thumbnails = await restoredApp.inject({
          method: 'GET',
          url: `/api/projects/${projectId}/thumbnails/`,
          headers: headers!,
        });
        expect(thumbnails.statusCode, thumbnails.body).toBe(200);
        expect(thumbnails.json()).toHaveLength(3);
      } finally {
        await restoredApp.close();
      }
    },
    SPAWNING_TEST_TIMEOUT_MS,
  );
});
