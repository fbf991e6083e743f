import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { realSamplesDir } from './bench-support.js';

export const SURVEY_WIDTH = 4032;
export const SURVEY_HEIGHT = 3024;

/** A photo of the survey on disk, with what the web app reads of it before uploading. */
export interface SurveyPhoto {
  file: string;
  name: string;
  bytes: number;
}

/** The real samples the photos are cut from (sorted, so every run makes the same photos). */
async function sampleFiles(): Promise<string[]> {
  if (!existsSync(realSamplesDir)) return [];
  const names = await readdir(realSamplesDir);
  return names
    .filter((name) => /\.jpe?g$/i.test(name))
    .sort()
    .map((name) => path.join(realSamplesDir, name));
}

/** A small deterministic number from the photo's index, so its variation is the same on every run. */
function vary(index: number, salt: string, modulo: number): number {
  return createHash('sha256').update(`${salt}:${index}`).digest().readUInt32BE(0) % modulo;
}

/**
 * Fine grain over the upscaled sample: an upscaled 512 px photo is smooth, which a camera's 12 MP
 * photo is not, and the grain gives the file a camera photo's size and decoding cost.
 */
async function grain(index: number): Promise<Buffer> {
  return sharp({
    create: {
      width: SURVEY_WIDTH,
      height: SURVEY_HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 36 + vary(index, 'sigma', 12) },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * Photo `index` of the survey: a real sample (in turn) cropped to a different window, possibly
 * mirrored, turned in hue and brightness, upscaled to 4032 × 3024 and grained, so every photo has
 * its own content and hash. From coloured noise where the shared samples are missing.
 */
async function makePhoto(index: number, samples: string[]): Promise<Buffer> {
  let base: sharp.Sharp;
  if (samples.length > 0) {
    const sample = samples[index % samples.length]!;
    const { width = 512, height = 512 } = await sharp(sample).metadata();
    const cropWidth = Math.round(width * (0.6 + vary(index, 'zoom', 35) / 100));
    const cropHeight = Math.min(height, Math.round((cropWidth * 3) / 4));
    const left = vary(index, 'left', width - cropWidth + 1);
    const top = vary(index, 'top', height - cropHeight + 1);
    base = sharp(sample)
      .extract({ left, top, width: cropWidth, height: cropHeight })
      .flop(vary(index, 'flop', 2) === 1)
      .resize(SURVEY_WIDTH, SURVEY_HEIGHT, { fit: 'fill', kernel: 'lanczos3' });
  } else {
    base = sharp({
      create: {
        width: SURVEY_WIDTH,
        height: SURVEY_HEIGHT,
        channels: 3,
        background: { r: 40 + vary(index, 'r', 120), g: 60 + vary(index, 'g', 120), b: 50 },
      },
    });
  }
  const upscaled = await base
    .modulate({ hue: vary(index, 'hue', 40) - 20, brightness: 0.85 + vary(index, 'light', 30) / 100 })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(upscaled)
    .composite([{ input: await grain(index), blend: 'soft-light' }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * The survey's `count` photos, made once and kept in the temporary folder between runs (making a
 * 12 MP photo takes about a second here).
 */
export async function surveyPhotos(count: number, log: (line: string) => void): Promise<SurveyPhoto[]> {
  const dir = path.join(tmpdir(), 'hullscope-bench', 'survey-photos');
  await mkdir(dir, { recursive: true });
  const samples = await sampleFiles();
  const photos: SurveyPhoto[] = [];
  let made = 0;
  for (let index = 0; index < count; index += 1) {
    const name = `hull-${String(index).padStart(4, '0')}.jpg`;
    const file = path.join(dir, name);
    if (!existsSync(file)) {
      const partial = `${file}.partial`;
      await sharp(await makePhoto(index, samples)).toFile(partial);
      await rename(partial, file);
      made += 1;
      if (made % 25 === 0) log(`  made ${made} photos`);
    }
    photos.push({ file, name, bytes: (await stat(file)).size });
  }
  if (made > 0) log(`made ${made} photos of ${SURVEY_WIDTH}x${SURVEY_HEIGHT} in ${dir}`);
  return photos;
}
