// npm run bench:upload-memory [-- --uploads 3 --users 1 --files 5 --width 10000 --height 10000 --interlaced]
// Issue 23, finding 4: a 16-bit RGBA PNG of one flat colour is about a megabyte on disk and
// width × height × 8 bytes once decoded (800 MB at 100 MP), and an interlaced one must be decoded
// whole. The built API (WORKER_ENABLED=false) receives `--uploads` requests at once, spread over
// `--users` users, each carrying `--files` such PNGs; the bench prints the server's RSS before,
// its peak during (Linux VmHWM, reset just before sending) and its RSS after, and what each request
// was answered. UPLOAD_* and MALLOC_ARENA_MAX in the environment reach the server.
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { peakRssMb, procStatusMb, resetPeakRss } from './bench-support.js';
import { builtServer } from './built-server.js';

const { values } = parseArgs({
  options: {
    uploads: { type: 'string', default: '3' },
    users: { type: 'string', default: '1' },
    files: { type: 'string', default: '5' },
    width: { type: 'string', default: '10000' },
    height: { type: 'string', default: '10000' },
    interlaced: { type: 'boolean', default: false },
  },
});
const count = (name: keyof typeof values, max: number): number => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`--${name} must be a whole number from 1 to ${max}`);
  }
  return value;
};
const uploads = count('uploads', 20);
const users = count('users', uploads);
const files = count('files', 20);
const width = count('width', 20_000);
const height = count('height', 20_000);

/** The 16-bit RGBA PNG, made once per size and kept in the bench's temporary folder. */
async function sixteenBitPng(): Promise<Buffer> {
  const dir = path.join(tmpdir(), 'hullscope-bench');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `rgba16-${width}x${height}${values.interlaced ? '-interlaced' : ''}.png`);
  if (!existsSync(file)) {
    await sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 1 } } })
      .toColourspace('rgb16')
      .png({ compressionLevel: 9, progressive: values.interlaced })
      .toFile(file);
  }
  return readFile(file);
}

const png = await sixteenBitPng();
const server = await builtServer({ WORKER_ENABLED: 'false' });
try {
  const accounts = Array.from({ length: users }, (_, index) => ({
    username: `bench${index}`,
    email: `bench${index}@hullscope-bench.com`,
    password: 'Barnacle-Scraper-42',
  }));
  for (const account of accounts) {
    await server.admin(
      'create-user',
      '--username',
      account.username,
      '--email',
      account.email,
      '--password',
      account.password,
    );
  }
  const pid = await server.start();
  const sessions = await Promise.all(
    accounts.map(async (account) => {
      const { access } = await server.api<{ access: string }>('POST', '/api/token/', undefined, account);
      const project = await server.api<{ id: number }>('POST', '/api/projects/', access, {
        name: 'Bench',
        location: 'Lab',
      });
      return { access, projectId: project.id };
    }),
  );
  console.log(
    `built server (pid ${pid}); ${uploads} uploads at once from ${users} user(s), ${files} files each: ` +
      `${width} x ${height} 16-bit RGBA PNG${values.interlaced ? ', interlaced' : ''}, ` +
      `${(png.length / 1024).toFixed(0)} KB on disk, ${((width * height * 8) / 1e6).toFixed(0)} MB decoded`,
  );
  const idle = procStatusMb('VmRSS', pid);
  resetPeakRss(pid);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: uploads }, async (_, index) => {
      const { access, projectId } = sessions[index % users]!;
      const form = new FormData();
      for (let file = 0; file < files; file += 1) {
        form.append('images', new Blob([png], { type: 'image/png' }), `hull-${index}-${file}.png`);
      }
      const response = await fetch(`${server.base}/api/projects/${projectId}/image-upload/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access}` },
        body: form,
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      return `upload ${index} (user ${index % users}): ${response.status} after ${seconds} s ${(await response.text()).slice(0, 160)}`;
    }),
  );
  const peak = peakRssMb(pid);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  for (const answer of answers) console.log(answer);
  console.log(
    `server RSS: before ${idle} MB, peak during ${peak} MB, 2 s after ${procStatusMb('VmRSS', pid)} MB`,
  );
} finally {
  await server.close();
}
