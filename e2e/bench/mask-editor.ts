// npm run bench:mask-editor [-- --strokes 20 --brush 24,100]
// Issue 39: a brush stroke on a Full HD mask redraws within 16 ms a frame (p95) in Chromium on this
// machine. The product's MaskEditor (apps/web/src/features/predictions/mask-editor), bundled by Vite,
// runs in Debian's headless Chromium on a generated 1920 × 1080 mask; Playwright drags strokes across
// it with the mouse (a move every few pixels, as a hand does), and the page reports the
// requestAnimationFrame deltas while dragging (16.7 ms is every frame on time at 60 Hz) and the
// editor's own work: the mask writes of each pointer move and each frame's redraw of the changed
// rectangle. Bounded: at most 100 strokes, each run within 5 minutes.
import { createServer } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { launchBrowser } from '../support/browser';
import { repositoryRoot } from '../support/server';

const { values } = parseArgs({
  options: {
    strokes: { type: 'string', default: '20' },
    brush: { type: 'string', default: '24,100' },
  },
});
const strokes = Number(values.strokes);
const brushes = values.brush.split(',').map(Number);
if (!Number.isInteger(strokes) || strokes < 1 || strokes > 100)
  throw new Error('--strokes must be from 1 to 100');
if (brushes.some((size) => !Number.isInteger(size) || size < 1 || size > 200)) {
  throw new Error('--brush sizes must be whole numbers from 1 to 200');
}
const WIDTH = 1920;
const HEIGHT = 1080;

async function bundle(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    resolve: { alias: [{ find: /^@\//, replacement: path.join(repositoryRoot, 'apps/web/src/') }] },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: true,
      lib: {
        entry: path.join(repositoryRoot, 'e2e/bench/mask-editor-entry.ts'),
        formats: ['es'],
        fileName: 'editor',
      },
    },
  });
  const result = Array.isArray(output) ? output[0] : output;
  if (!result || !('output' in result)) throw new Error('Vite did not answer a bundle');
  const chunk = result.output.find((item) => item.type === 'chunk' && item.isEntry);
  if (!chunk || chunk.type !== 'chunk') throw new Error('Vite answered no code');
  return chunk.code;
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
};
const describe = (values: number[]) =>
  `p50 ${percentile(values, 0.5).toFixed(2)} ms, p95 ${percentile(values, 0.95).toFixed(2)} ms, ` +
  `max ${Math.max(...values).toFixed(2)} ms (${values.length})`;

const page = `<!doctype html><meta charset="utf-8"><title>bench:mask-editor</title>
<style>body{margin:0;font-family:sans-serif}#root{padding:8px}</style><div id="root"></div>
<script type="module">
import * as editor from '/editor.js';
window.editor = editor;
editor.mount(${WIDTH}, ${HEIGHT});
</script>`;

interface BenchWindow {
  editor: {
    startRecording: () => void;
    stopRecording: () => { frames: number[]; redraws: number[]; strokes: number[] };
  };
}

const started = Date.now();
const code = await bundle();
process.stdout.write(`bundled the editor in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
const server = createServer((request, response) => {
  if (request.url === '/editor.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(code);
  else response.writeHead(200, { 'content-type': 'text/html' }).end(page);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const browser = await launchBrowser();
try {
  const tab = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  tab.setDefaultTimeout(5 * 60 * 1000);
  await tab.goto(`http://127.0.0.1:${address.port}/`);
  const canvas = tab.getByTestId('mask-editor-canvas');
  await canvas.waitFor();
  await tab.waitForTimeout(500);
  const box = (await canvas.boundingBox())!;
  process.stdout.write(
    `mask ${WIDTH}×${HEIGHT} shown at ${box.width.toFixed(0)}×${box.height.toFixed(0)} CSS px; ${strokes} strokes a brush size\n`,
  );
  for (const brush of brushes) {
    await tab.mouse.move(box.x + 2, box.y + 2);
    await tab.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // From the size before, ] steps up and [ down by about a fifth: the first size at or past the
    // one asked for is measured (24 and 100 give 24 and 103).
    const shownSize = async () =>
      Number((await tab.getByTestId('brush-size').textContent())?.replace(/\D/g, ''));
    while ((await shownSize()) > brush) await tab.keyboard.press('[');
    while ((await shownSize()) < brush) await tab.keyboard.press(']');
    const size = (await tab.getByTestId('brush-size').textContent())?.trim();
    await tab.evaluate(() => (window as unknown as BenchWindow).editor.startRecording());
    for (let stroke = 0; stroke < strokes; stroke += 1) {
      const y = box.y + box.height * (0.1 + (0.8 * stroke) / strokes);
      await tab.mouse.move(box.x + box.width * 0.05, y);
      await tab.mouse.down();
      // A wavy drag across the mask, a move every ~8 CSS px (~10 mask px).
      const steps = Math.round((box.width * 0.9) / 8);
      for (let step = 1; step <= steps; step += 1) {
        const t = step / steps;
        await tab.mouse.move(
          box.x + box.width * (0.05 + 0.9 * t),
          y + Math.sin(t * Math.PI * 4) * box.height * 0.05,
        );
      }
      await tab.mouse.up();
    }
    const result = await tab.evaluate(() => (window as unknown as BenchWindow).editor.stopRecording());
    const work =
      result.strokes.reduce((sum, value) => sum + value, 0) +
      result.redraws.reduce((sum, value) => sum + value, 0);
    process.stdout.write(
      `brush ${size}: frame interval (rAF) ${describe(result.frames)}\n` +
        `  redraw of the changed rectangle ${describe(result.redraws)}\n` +
        `  mask writes a pointer move ${describe(result.strokes)}\n` +
        `  editor work per frame: ${(work / Math.max(1, result.frames.length)).toFixed(2)} ms on average\n`,
    );
  }
} finally {
  await browser.close();
  server.close();
}
