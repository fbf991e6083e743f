import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { freePort, repositoryRoot } from './server-process.js';

/** s3rver's built-in account: the stand-in checks request signatures made with it. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3StandIn {
  endpoint: string;
  bucket: string;
  /** Its objects on disk: what a test may inspect to see what the product wrote. */
  directory: string;
  /** The environment that points a Hullscope process at the bucket under `prefix`. */
  env(prefix: string): Record<string, string>;
  client(): S3Client;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, in its own process) with one bucket, for tests: a stand-in
 * for the cloud bucket CI cannot reach, speaking S3's HTTP protocol to the real AWS SDK.
 */
export async function startS3StandIn(bucket = 'hullscope-test'): Promise<S3StandIn> {
  const directory = await mkdtemp(path.join(tmpdir(), 'hullscope-s3-'));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      '--import',
      'tsx',
      path.join('apps', 'api', 'test', 'support', 's3-stand-in-server.ts'),
      directory,
      bucket,
      String(port),
    ],
    { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the S3 stand-in exited with ${code}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: (prefix) => ({
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    }),
    client: () =>
      new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: CREDENTIALS,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    async close() {
      child.kill('SIGTERM');
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
