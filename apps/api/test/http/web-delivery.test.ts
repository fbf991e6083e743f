import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../support/test-app.js';

// A stand-in for the Vite build: a page and a content-hashed script.
const SCRIPT = `export const hull = ${JSON.stringify('barnacle '.repeat(2000))};\n`;

let t: TestApp;
beforeAll(async () => {
  const webDir = path.join(process.env.TMPDIR ?? '/tmp', `hullscope-web-${process.pid}-${Date.now()}`);
  await mkdir(path.join(webDir, 'assets'), { recursive: true });
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><script src="/assets/index-3f2a9c1b.js"></script>',
  );
  await writeFile(path.join(webDir, 'assets', 'index-3f2a9c1b.js'), SCRIPT);
  t = await createTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(() => t.close());

describe('web app delivery', () => {
  it('keeps hashed assets for a year and sends them brotli-compressed when asked', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-3f2a9c1b.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('has the page revalidated on every visit, at / and at any client route', async () => {
    for (const url of ['/', '/projects', '/user/login']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('compresses JSON answers with gzip when that is what the client accepts, and not without asking', async () => {
    const gzipped = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
  });
});
