// The web app's initial JavaScript (issue 21's goal: at most 250 kB gzipped): every script and
// modulepreload that the built index.html loads before the first page can render, gzipped one by
// one as a server would send them. Lazy route chunks are not counted. Run after `npm run build -w apps/web`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const eager = [
  ...html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g),
].map((match) => match[1]);

let raw = 0;
let gzipped = 0;
for (const file of eager) {
  const bytes = readFileSync(path.join(dist, file));
  const size = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzipped += size;
  process.stdout.write(`${(size / 1000).toFixed(2).padStart(8)} kB gz  ${file}\n`);
}
process.stdout.write(
  `initial JavaScript: ${eager.length} files, ${(raw / 1000).toFixed(1)} kB, ` +
    `${(gzipped / 1000).toFixed(1)} kB gzipped (goal ≤ 250 kB)\n`,
);
