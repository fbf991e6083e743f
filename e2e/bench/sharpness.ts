// npm run bench:sharpness [-- --dir ../shared/data/real-samples-niche --dir ../shared/data/real-samples]
// Issue 45 §4: the sharpness (variance of the Laplacian) the upload dialog's frame selection gives
// real inspection pictures, judged exactly as a video frame is (scaled to the analysis width), and
// the same pictures softened as a camera out of focus or in motion softens them, so the default
// threshold can be set between the two. sharp decodes and scales; the product's laplacianVariance
// (apps/web/src/features/images/video/frame-selection.ts) judges.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { ANALYSIS_MAX_WIDTH } from '../../apps/web/src/features/images/video/extract-frames';
import {
  DEFAULT_FRAME_SELECTION,
  laplacianVariance,
} from '../../apps/web/src/features/images/video/frame-selection';
import { repositoryRoot } from '../support/server';

const { values } = parseArgs({
  options: {
    dir: {
      type: 'string',
      multiple: true,
      default: ['../shared/data/real-samples', '../shared/data/real-samples-niche'],
    },
    // Gaussian sigmas (in analysis pixels) standing for a soft focus and for clear blur.
    soft: { type: 'string', default: '1.5' },
    blurred: { type: 'string', default: '4' },
  },
});

async function sharpnessOf(file: string, sigma: number | null): Promise<number> {
  const image = sharp(file).rotate();
  const { width = 0 } = await sharp(file).metadata();
  let pipeline = image.resize({ width: Math.min(width, ANALYSIS_MAX_WIDTH) });
  if (sigma !== null) pipeline = sharp(await pipeline.toBuffer()).blur(sigma);
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return laplacianVariance({ width: info.width, height: info.height, data });
}

const rows: string[][] = [];
for (const dir of values.dir) {
  const folder = path.resolve(repositoryRoot, dir);
  for (const name of (await readdir(folder)).filter((entry) => /\.jpe?g$/i.test(entry)).sort()) {
    const file = path.join(folder, name);
    const figures = await Promise.all(
      [null, Number(values.soft), Number(values.blurred)].map((sigma) => sharpnessOf(file, sigma)),
    );
    rows.push([name, ...figures.map((value) => value.toFixed(1))]);
  }
}
const lines = [
  `default minSharpness ${DEFAULT_FRAME_SELECTION.minSharpness}, analysis width ${ANALYSIS_MAX_WIDTH}`,
  ['file', 'as taken', `blur σ ${values.soft}`, `blur σ ${values.blurred}`].join('\t'),
  ...rows.map((row) => row.join('\t')),
];
process.stdout.write(`${lines.join('\n')}\n`);
