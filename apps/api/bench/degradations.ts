import sharp from 'sharp';

/** The ways underwater footage goes bad (issue 46 §4), each at three strengths. */
export const DEGRADATION_KINDS = ['turbid', 'blur', 'dark', 'compressed'] as const;
export type DegradationKind = (typeof DEGRADATION_KINDS)[number];
export const STRENGTHS = ['light', 'medium', 'heavy'] as const;
export type Strength = (typeof STRENGTHS)[number];

/** The green-grey of turbid coastal water that a turbid photo is veiled with. */
const WATER = { r: 74, g: 107, b: 94 };

/**
 * Per kind and strength: the veil of water over the photo (share of the water's colour) with the
 * blur of the light it scatters; a Gaussian blur in pixels of a 512-px photo (scaled with the
 * photo); the share of the light left; the JPEG quality a diver's camera or an ROV link squeezed
 * the photo to.
 */
export const DEGRADATION_SETTINGS = {
  turbid: {
    light: { veil: 0.4, blur: 0.8 },
    medium: { veil: 0.6, blur: 1.5 },
    heavy: { veil: 0.8, blur: 3 },
  },
  blur: { light: { sigma: 1.5 }, medium: { sigma: 3 }, heavy: { sigma: 7 } },
  dark: { light: { gain: 0.45 }, medium: { gain: 0.25 }, heavy: { gain: 0.1 } },
  compressed: { light: { quality: 25 }, medium: { quality: 12 }, heavy: { quality: 4 } },
} as const;

/** The JPEG quality every degradation but compression is saved at: a good camera's. */
const SAVED_QUALITY = 92;

/** Writes `photo` degraded by `kind` at `strength` to `file` as a JPEG of the same size. */
export async function degrade(
  photo: string,
  kind: DegradationKind,
  strength: Strength,
  file: string,
): Promise<void> {
  const { width = 512, height = 512 } = await sharp(photo).rotate().metadata();
  const scale = Math.max(width, height) / 512;
  const source = sharp(photo).rotate().removeAlpha();
  switch (kind) {
    case 'turbid': {
      const { veil, blur } = DEGRADATION_SETTINGS.turbid[strength];
      const blurred = await source
        .blur(blur * scale)
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixels = blurred.data;
      const water = [WATER.r, WATER.g, WATER.b];
      for (let index = 0; index < pixels.length; index += 1) {
        pixels[index] = Math.round(pixels[index]! * (1 - veil) + water[index % 3]! * veil);
      }
      await sharp(pixels, { raw: blurred.info }).jpeg({ quality: SAVED_QUALITY }).toFile(file);
      return;
    }
    case 'blur':
      await source
        .blur(DEGRADATION_SETTINGS.blur[strength].sigma * scale)
        .jpeg({ quality: SAVED_QUALITY })
        .toFile(file);
      return;
    case 'dark':
      await source
        .linear(DEGRADATION_SETTINGS.dark[strength].gain, 0)
        .jpeg({ quality: SAVED_QUALITY })
        .toFile(file);
      return;
    case 'compressed':
      await source.jpeg({ quality: DEGRADATION_SETTINGS.compressed[strength].quality }).toFile(file);
      return;
  }
}
