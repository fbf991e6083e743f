// npm run bench:confidence [-- --model <dir>] [--synthetic <dir of hullsynth images>]
// The confidence (mean of the pixels' largest class probability, issue 19 §2) each bundled model
// gives real hull photos, the same photos made murky, dark or blurred, pictures that are no hull at
// all, and optionally synthetic images of the generator (`python -m hullsynth.generate`, see
// ml/README.md): the figures PREDICTION_LOW_CONFIDENCE_BELOW's default was chosen from (README
// "Prediction confidence"). Images run as the pipeline runs them: 800 px, the default tile bound.
import { existsSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { DEFAULT_LOW_CONFIDENCE_BELOW } from '../src/inference/confidence.js';
import { MODEL_FILE } from '../src/inference/model-files.js';
import { segment } from '../src/inference/segment.js';
import { SessionCache } from '../src/inference/session-cache.js';
import { DEFAULT_MAX_TILE_PIXELS } from '../src/inference/tile-plan.js';
import { openImage } from '../src/media/open-image.js';
import { resizeToRgb } from '../src/media/renditions.js';
import { benchModels, median, realSamplesDir, repositoryRoot } from './bench-support.js';

const { values } = parseArgs({
  options: { model: { type: 'string' }, synthetic: { type: 'string' } },
});

const jpegs = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => /\.(jpe?g|png)$/i.test(name))
        .sort()
        .map((name) => path.join(dir, name))
    : [];

const realPhotos = jpegs(realSamplesDir);
const nichePhotos = jpegs(path.resolve(repositoryRoot, '../shared/data/real-samples-niche'));
const work = path.join(tmpdir(), 'hullscope-bench-confidence');
await mkdir(work, { recursive: true });

/** Each real sample made hard to read the way inspection photos are: turbid water, darkness, blur. */
async function degraded(): Promise<string[]> {
  const files: string[] = [];
  for (const photo of realPhotos) {
    const base = path.basename(photo, path.extname(photo));
    const { width = 512, height = 512 } = await sharp(photo).metadata();
    const water = await sharp({
      create: { width, height, channels: 3, background: '#4a6b5e' },
    })
      .png()
      .toBuffer();
    const variants: [string, sharp.Sharp][] = [
      // Three quarters turbid green water over a blurred photo.
      [
        'murky',
        sharp(await sharp(photo).blur(6).toBuffer()).composite([
          { input: await sharp(water).ensureAlpha(0.75).png().toBuffer() },
        ]),
      ],
      ['dark', sharp(photo).linear(0.12, 0)],
      ['blurred', sharp(photo).blur(14)],
    ];
    for (const [kind, image] of variants) {
      const file = path.join(work, `${base}-${kind}.jpg`);
      await image.jpeg({ quality: 90 }).toFile(file);
      files.push(file);
    }
  }
  return files;
}

/** Pictures that are no hull: a flat grey, a smooth gradient, coloured noise, a page of text. */
async function unrelated(): Promise<string[]> {
  const size = { width: 800, height: 600 };
  const noise = Buffer.alloc(size.width * size.height * 3);
  let seed = 7;
  for (let index = 0; index < noise.length; index += 1) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    noise[index] = seed >>> 24;
  }
  const text = Array.from(
    { length: 14 },
    (_, line) =>
      `<text x="40" y="${60 + line * 38}" font-size="26" font-family="sans-serif">Line ${line + 1} of a scanned page, not a hull</text>`,
  ).join('');
  const pictures: [string, sharp.Sharp][] = [
    ['flat-grey', sharp({ create: { ...size, channels: 3, background: '#808080' } })],
    [
      'gradient',
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><defs><linearGradient id="g"><stop offset="0" stop-color="#203080"/><stop offset="1" stop-color="#f0d040"/></linearGradient></defs><rect width="800" height="600" fill="url(#g)"/></svg>`,
        ),
      ),
    ],
    ['noise', sharp(noise, { raw: { ...size, channels: 3 } })],
    [
      'text-page',
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#ffffff"/>${text}</svg>`,
        ),
      ),
    ],
  ];
  const files: string[] = [];
  for (const [name, picture] of pictures) {
    const file = path.join(work, `${name}.png`);
    await picture.png().toFile(file);
    files.push(file);
  }
  return files;
}

const groups: [string, string[]][] = [
  ['real hull photos', realPhotos],
  ['real niche and dry-dock photos', nichePhotos],
  ['real photos, murky / dark / blurred', await degraded()],
  ['no hull at all', await unrelated()],
];
if (values.synthetic) groups.push(['synthetic (hullsynth)', jpegs(values.synthetic)]);

const sessions = new SessionCache(availableParallelism());
try {
  for (const folder of await benchModels(values.model)) {
    const session = await sessions.get(path.join(folder.directory, MODEL_FILE), folder.manifest.input);
    console.log(`\n${folder.key} ${folder.manifest.version} (${folder.manifest.classes.length} classes)`);
    for (const [title, files] of groups) {
      if (files.length === 0) continue;
      const confidences: number[] = [];
      const lines: string[] = [];
      for (const file of files) {
        const rgb = await resizeToRgb(await openImage(file, 100_000_000), 800);
        const { confidence } = await segment(session, folder.manifest, rgb, {
          maxTilePixels: DEFAULT_MAX_TILE_PIXELS,
        });
        confidences.push(confidence);
        lines.push(`    ${confidence.toFixed(3)}  ${path.basename(file)}`);
      }
      const flagged = confidences.filter((confidence) => confidence < DEFAULT_LOW_CONFIDENCE_BELOW).length;
      console.log(
        `  ${title}: median ${median(confidences).toFixed(3)}, min ${Math.min(...confidences).toFixed(3)}, max ${Math.max(...confidences).toFixed(3)}; ` +
          `${flagged} of ${confidences.length} below the default threshold ${DEFAULT_LOW_CONFIDENCE_BELOW}`,
      );
      // Synthetic sets are large: their lowest few say enough.
      if (!title.startsWith('synthetic')) console.log(lines.join('\n'));
      else {
        const lowest = [...confidences].sort((a, b) => a - b).slice(0, 5);
        console.log(`    lowest ${lowest.map((value) => value.toFixed(3)).join(', ')} of ${files.length}`);
      }
    }
  }
} finally {
  await sessions.close();
}
