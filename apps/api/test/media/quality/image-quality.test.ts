// Issue 46 §1: each quality metric on generated pictures of known blur, haze, exposure, colour
// cast and compression, measured as an upload measures them (decoded, then its preview's pixels).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { openImage } from '../../../src/media/open-image.js';
import { DEFAULT_QUALITY_THRESHOLDS, judgeQuality } from '@hullscope/contract';
import { UPLOAD_OPEN_OPTIONS, makeUploadRenditions } from '../../../src/media/renditions.js';
import { SIDE, hazed, hullPixels, raw } from '../../support/quality-pictures.js';

const hull = () => sharp(hullPixels(), raw);

/** Measured as an upload measures it: the file decoded, its preview's pixels measured, judged by default. */
async function measured(image: sharp.Sharp, format: 'png' | 'jpeg' = 'png', quality = 95) {
  const file = await (format === 'png' ? image.png() : image.jpeg({ quality })).toBuffer();
  const { quality: metrics } = await makeUploadRenditions(
    (await openImage(file, 100_000_000, UPLOAD_OPEN_OPTIONS)).image,
  );
  return { metrics, ...judgeQuality(metrics, DEFAULT_QUALITY_THRESHOLDS) };
}

describe('image quality measured from the pixels', () => {
  it('grades the clear picture good, with no reasons', async () => {
    const clear = await measured(hull());
    expect(clear.grade).toBe('good');
    expect(clear.reasons).toEqual([]);
    expect(clear.metrics.hull_share).toBe(1);
  });

  it('sharpness falls with a known blur, and a heavy blur is poor for being blurred', async () => {
    const sigmas = [0, 1.5, 3, 7];
    const values = [];
    for (const sigma of sigmas) {
      values.push((await measured(sigma === 0 ? hull() : hull().blur(sigma))).metrics.sharpness);
    }
    for (let index = 1; index < values.length; index += 1)
      expect(values[index]).toBeLessThan(values[index - 1]!);
    const heavy = await measured(hull().blur(7));
    expect(heavy.grade).toBe('poor');
    expect(heavy.reasons[0]).toMatch(/^Blurred/);
  });

  it('contrast falls with the share of haze, sharpness does not; thick haze is poor for low contrast', async () => {
    const clear = await measured(hull());
    const half = await measured(hazed(0.5));
    const thick = await measured(hazed(0.85));
    expect(half.metrics.contrast).toBeCloseTo(clear.metrics.contrast * 0.5, 1);
    expect(thick.metrics.contrast).toBeLessThan(DEFAULT_QUALITY_THRESHOLDS.contrast.poor);
    // Haze scales edges and spread alike: it is not read as blur.
    expect(thick.metrics.sharpness).toBeGreaterThan(clear.metrics.sharpness * 0.7);
    expect(thick.grade).toBe('poor');
    expect(thick.reasons.some((reason) => reason.startsWith('Low contrast'))).toBe(true);
    expect(thick.reasons.some((reason) => reason.startsWith('Blurred'))).toBe(false);
  });

  it('brightness follows exposure: too little light is poor for being dark, too much for being bright', async () => {
    const clear = await measured(hull());
    const dim = await measured(hull().linear(0.5, 0));
    const dark = await measured(hull().linear(0.15, 0));
    const blown = await measured(hull().linear(0.4, 200));
    expect(dim.metrics.brightness).toBeCloseTo(clear.metrics.brightness * 0.5, 1);
    expect(dark.metrics.brightness).toBeLessThan(DEFAULT_QUALITY_THRESHOLDS.brightness_low.poor);
    expect(dark.grade).toBe('poor');
    expect(dark.reasons).toContain(`Too dark (brightness ${Math.round(dark.metrics.brightness * 100)} %)`);
    expect(blown.metrics.brightness).toBeGreaterThan(DEFAULT_QUALITY_THRESHOLDS.brightness_high.poor);
    expect(blown.grade).toBe('poor');
    expect(blown.reasons.some((reason) => reason.startsWith('Too bright'))).toBe(true);
  });

  it('measures a colour cast from the channel means: none on grey, strong on green water', async () => {
    const grey = await measured(hull().greyscale().toColourspace('srgb'));
    const green = await measured(hull().linear([0.25, 1, 0.45], [0, 0, 0]));
    expect(grey.metrics.colour_cast).toBeLessThan(0.02);
    expect(green.metrics.colour_cast).toBeGreaterThan(DEFAULT_QUALITY_THRESHOLDS.colour_cast.fair);
    expect(green.reasons.some((reason) => reason.startsWith('Strong colour cast'))).toBe(true);
  });

  it('finds the block grid of heavy JPEG compression and not in a lightly compressed file', async () => {
    const light = await measured(hull().blur(1), 'jpeg', 95);
    const heavy = await measured(hull().blur(1), 'jpeg', 4);
    expect(light.metrics.blockiness).toBeLessThan(DEFAULT_QUALITY_THRESHOLDS.blockiness.fair);
    expect(heavy.metrics.blockiness).toBeGreaterThan(DEFAULT_QUALITY_THRESHOLDS.blockiness.poor);
    expect(heavy.reasons.some((reason) => reason.startsWith('Compression artefacts'))).toBe(true);
  });

  it('counts featureless water-coloured tiles as open water, not hull', async () => {
    const water = sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#2f5a6e' } });
    const halfWater = hull().composite([
      {
        input: await sharp({ create: { width: SIDE / 2, height: SIDE, channels: 3, background: '#2f5a6e' } })
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ]);
    expect((await measured(water)).metrics.hull_share).toBe(0);
    expect((await measured(halfWater)).metrics.hull_share).toBeCloseTo(0.5, 1);
    expect((await measured(water)).reasons.some((reason) => reason.startsWith('Little hull in view'))).toBe(
      true,
    );
  });
});
