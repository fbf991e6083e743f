// npm run bench:frames [-- --seconds 30 --interval 1 --codec h264|vp8 --runs 2]
// Issue 24: how long the upload dialog takes to read frames from 1080p video in Chromium on this
// machine, per minute of video. ffmpeg (Debian's) makes a 1920 × 1080, 30 fps clip in a temporary
// folder: a scrolling hull-like pattern with grain, so every frame has detail to decode and judge and
// is kept, and a key frame every 2 s as many cameras and ROV encoders write them (a seek decodes from
// the key frame before it). The product's extractVideoFrames (apps/web/src/features/images/video/extract-frames.ts),
// bundled by Vite, reads it in Debian's Chromium from a page served here: seek, draw, judge
// (blur, photo quality, repeats) and JPEG-encode the kept frames, exactly as in the dialog. Bounded: the clip is at
// most 120 s, and each run must end within 10 minutes.
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { launchBrowser } from '../support/browser';
import { repositoryRoot } from '../support/server';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    interval: { type: 'string', default: '1' },
    codec: { type: 'string', default: 'h264' },
    runs: { type: 'string', default: '2' },
  },
});
const seconds = Number(values.seconds);
const interval = Number(values.interval);
const runs = Number(values.runs);
const codec = values.codec;
if (!(seconds >= 5 && seconds <= 120)) throw new Error('--seconds must be from 5 to 120');
if (!(interval >= 0.2 && interval <= 60)) throw new Error('--interval must be from 0.2 to 60');
if (!Number.isInteger(runs) || runs < 1 || runs > 5) throw new Error('--runs must be from 1 to 5');
if (codec !== 'h264' && codec !== 'vp8') throw new Error('--codec must be h264 or vp8');

const RUN_TIMEOUT_MS = 10 * 60 * 1000;
const run = promisify(execFile);

/**
 * The clip: hard-edged paint and barnacle-white blocks scrolling 4.5 % of the width a frame with
 * faint grain, so frames a second apart differ (all are kept and JPEG-encoded, the dearest case), at
 * about 12 Mbit/s, what 1080p cameras record; x264 "veryfast" keeps CABAC and B-frames as cameras do
 * ("ultrafast" drops them and decodes about a third faster, which would flatter the figure).
 */
async function makeClip(folder: string): Promise<{ file: string; type: string }> {
  const texture = path.join(folder, 'texture.png');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'life=s=240x135:mold=0:r=1:ratio=0.35:seed=11:life_color=#e8e4da:death_color=#9c2a22'],
    ...['-frames:v', '1', '-vf', 'scale=1920:1080:flags=neighbor', texture],
  ]);
  const encoder =
    codec === 'h264'
      ? ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p']
      : ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8'];
  const file = path.join(folder, codec === 'h264' ? 'clip.mp4' : 'clip.webm');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-loop', '1', '-framerate', '30', '-i', texture],
    ...['-t', String(seconds), '-vf', 'scroll=horizontal=0.0015,noise=alls=6:allf=t,format=yuv420p'],
    ...encoder,
    ...['-b:v', '12M', '-maxrate', '16M', '-bufsize', '24M', '-g', '60', file],
  ]);
  return { file, type: codec === 'h264' ? 'video/mp4' : 'video/webm' };
}

/** extract-frames.ts and what it imports, as one ES module for the page. */
async function bundleExtractor(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'error',
    build: {
      write: false,
      minify: false,
      lib: {
        entry: path.join(repositoryRoot, 'apps/web/src/features/images/video/extract-frames.ts'),
        formats: ['es'],
        fileName: 'frames',
      },
    },
  });
  const result = Array.isArray(output) ? output[0] : output;
  if (!result || !('output' in result)) throw new Error('Vite did not answer a bundle');
  const chunk = result.output.find((item) => item.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('Vite answered no code');
  return chunk.code;
}

const page = `<!doctype html><meta charset="utf-8"><title>bench:frames</title>
<script type="module">
import { extractVideoFrames } from '/frames.js';
window.benchFrames = async (type, interval) => {
  const blob = await (await fetch('/clip')).blob();
  const file = new File([blob], 'clip', { type });
  const started = performance.now();
  const result = await extractVideoFrames(file, { intervalSeconds: interval, signal: new AbortController().signal });
  return {
    ms: performance.now() - started,
    read: result.done,
    kept: result.kept,
    blurry: result.blurry,
    poor: result.poor,
    repeated: result.repeated,
    width: result.width,
    height: result.height,
  };
};
window.benchReady = true;
</script>`;

const folder = await mkdtemp(path.join(tmpdir(), 'hullscope-bench-frames-'));
const browser = await launchBrowser();
try {
  const encodeStarted = Date.now();
  const clip = await makeClip(folder);
  const size = (await stat(clip.file)).size;
  process.stdout.write(
    `clip: 1920×1080 ${codec === 'h264' ? 'H.264' : 'VP8'}, 30 fps, ${seconds} s, key frame every 2 s, ` +
      `${(size / 1024 / 1024).toFixed(1)} MB (made in ${((Date.now() - encodeStarted) / 1000).toFixed(0)} s)\n`,
  );
  const code = await bundleExtractor();
  const server = createServer((request, response) => {
    if (request.url === '/frames.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(code);
    } else if (request.url === '/clip') {
      response.writeHead(200, { 'content-type': clip.type, 'content-length': size });
      createReadStream(clip.file).pipe(response);
    } else {
      response.writeHead(200, { 'content-type': 'text/html' }).end(page);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const tab = await browser.newPage();
  tab.setDefaultTimeout(RUN_TIMEOUT_MS);
  await tab.goto(`http://127.0.0.1:${address.port}/`);
  await tab.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true);
  for (let attempt = 1; attempt <= runs; attempt += 1) {
    const result = await tab.evaluate(
      ([type, every]) =>
        (
          window as unknown as {
            benchFrames: (
              type: string,
              interval: number,
            ) => Promise<{
              ms: number;
              read: number;
              kept: number;
              blurry: number;
              poor: number;
              repeated: number;
              width: number;
              height: number;
            }>;
          }
        ).benchFrames(type, every),
      [clip.type, interval] as [string, number],
    );
    const perMinute = (result.ms / 1000 / seconds) * 60;
    process.stdout.write(
      `run ${attempt}: ${result.read} frames read (one every ${interval} s) at ${result.width}×${result.height} ` +
        `in ${(result.ms / 1000).toFixed(1)} s, ${(result.ms / result.read).toFixed(0)} ms a frame; ` +
        `${result.kept} kept, ${result.blurry} blurry, ${result.poor} poor, ${result.repeated} repeats → ` +
        `${perMinute.toFixed(1)} s per minute of 1080p video\n`,
    );
  }
  server.close();
} finally {
  await browser.close();
  await rm(folder, { recursive: true, force: true });
}
