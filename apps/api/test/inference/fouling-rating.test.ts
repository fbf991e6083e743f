import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LabelPercentage, ModelClass, ModelManifest } from '@hullscope/contract';
import { describe, expect, it } from 'vitest';
import {
  type FoulingRatingSettings,
  defaultFoulingRatingSettings,
  foulingRating,
  foulingShares,
  imoRatingValue,
  wholePercent,
} from '../../src/inference/fouling-rating.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const bundledClasses = (key: string) =>
  (
    JSON.parse(
      readFileSync(path.join(repositoryRoot, 'models', key, 'manifest.json'), 'utf8'),
    ) as ModelManifest
  ).classes;

const defaults = defaultFoulingRatingSettings;
/** Rating of macro- and microfouling given in percent of the surface (two decimals). */
const rate = (macrofouling: number, microfouling = 0, settings: FoulingRatingSettings = defaults) =>
  imoRatingValue(
    {
      macrofoulingHundredths: Math.round(macrofouling * 100),
      microfoulingHundredths: Math.round(microfouling * 100),
    },
    settings,
  );

const entry = (label: string, percentage: number): LabelPercentage => ({
  label,
  hex_color: '#000000',
  percentage,
});

describe('wholePercent: hundredths to a whole percent, half up', () => {
  it.each([
    [0, 0],
    [49, 0],
    [50, 1],
    [149, 1],
    [150, 2],
    [1549, 15],
    [1550, 16],
    [4049, 40],
    [4050, 41],
    [10_000, 100],
  ])('%i hundredths → %i %%', (hundredths, whole) => {
    expect(wholePercent(hundredths)).toBe(whole);
  });
});

describe('the IMO rating bands (macrofouling rounded to a whole percent first)', () => {
  it.each([
    // [macrofouling %, rating]: without microfouling
    [0, 0],
    [0.01, 0],
    [0.49, 0],
    [0.5, 2],
    [0.6, 2],
    [1, 2],
    [14.99, 2],
    [15, 2],
    [15.4, 2],
    [15.49, 2],
    [15.5, 3],
    [16, 3],
    [40, 3],
    [40.49, 3],
    [40.5, 4],
    [41, 4],
    [99.99, 4],
    [100, 4],
  ])('%d %% macrofouling and no microfouling is %i', (macrofouling, rating) => {
    expect(rate(macrofouling)).toBe(rating);
  });

  it.each([
    // [macrofouling %, rating]: with microfouling as well, which changes nothing once there is macrofouling
    [0, 1],
    [0.49, 1],
    [0.5, 2],
    [15.49, 2],
    [15.5, 3],
    [40.49, 3],
    [40.5, 4],
    [60, 4],
  ])('%d %% macrofouling with 30 %% microfouling is %i', (macrofouling, rating) => {
    expect(rate(macrofouling, 30)).toBe(rating);
  });

  it('counts microfouling from the default 1 % (0.5 % rounded up) as microfouling, less as a clean surface', () => {
    expect(defaults.microfoulingMinPercent).toBe(1);
    expect(rate(0, 0)).toBe(0);
    expect(rate(0, 0.01)).toBe(0);
    expect(rate(0, 0.49)).toBe(0);
    expect(rate(0, 0.5)).toBe(1);
    expect(rate(0, 1)).toBe(1);
    expect(rate(0, 100)).toBe(1);
  });

  it('does not add traces of macrofouling (rounding to 0 %) to the microfouling', () => {
    expect(rate(0.49, 0.49)).toBe(0);
    expect(rate(0.49, 0.5)).toBe(1);
  });

  it('takes another microfouling minimum from the settings, as a whole percent', () => {
    const five = { microfoulingMinPercent: 5 };
    expect(rate(0, 4.49, five)).toBe(0);
    expect(rate(0, 4.5, five)).toBe(1);
    expect(rate(0.5, 0, five)).toBe(2);
    const all = { microfoulingMinPercent: 100 };
    expect(rate(0, 99.49, all)).toBe(0);
    expect(rate(0, 99.5, all)).toBe(1);
  });
});

describe('foulingShares: the stored percentages summed per category', () => {
  const evo = bundledClasses('evo');
  const base = bundledClasses('base');

  it('sums in exact hundredths: three shares that make 15.50 % are not 15.4999… %', () => {
    expect(0.01 + 13.54 + 1.95).toBeLessThan(15.5);
    const percentages = [
      entry('Clean Structure', 84.5),
      entry('Heavy Slime/Algae', 0.01),
      entry('Soft Fouling', 13.54),
      entry('Hard Fouling', 1.95),
      entry('Light Slime', 0),
    ];
    expect(foulingShares(percentages, evo)).toEqual({
      macrofoulingHundredths: 1550,
      microfoulingHundredths: 0,
    });
    expect(foulingRating(percentages, evo, defaults)?.value).toBe(3);
  });

  it('rates Evo: Light Slime is microfouling; Heavy Slime/Algae, Soft and Hard Fouling are macrofouling', () => {
    const percentages = [
      entry('Clean Structure', 50),
      entry('Light Slime', 30),
      entry('Heavy Slime/Algae', 10),
      entry('Soft Fouling', 6),
      entry('Hard Fouling', 4),
    ];
    expect(foulingRating(percentages, evo, defaults)).toEqual({
      scale: 'IMO MEPC.378(80)',
      value: 3,
      label: 'Medium macrofouling',
      macrofouling_percentage: 20,
      microfouling_percentage: 30,
    });
  });

  it('rates Base: Slime/Algae is microfouling', () => {
    const percentages = [
      entry('Clean Structure', 40),
      entry('Slime/Algae', 60),
      entry('Soft Fouling', 0),
      entry('Hard Fouling', 0),
    ];
    expect(foulingRating(percentages, base, defaults)).toMatchObject({
      value: 1,
      label: 'Microfouling',
      macrofouling_percentage: 0,
      microfouling_percentage: 60,
    });
    expect(
      foulingRating([entry('Clean Structure', 100), entry('Slime/Algae', 0)], base, defaults),
    ).toMatchObject({
      value: 0,
      label: 'No fouling',
      macrofouling_percentage: 0,
      microfouling_percentage: 0,
    });
  });

  it('rates a model whose manifest splits the classes differently (three classes, no microfouling)', () => {
    const threeClasses: ModelClass[] = [
      { label: 'Water', hex_color: '#000000', in_percentages: false, fouling_category: 'none' },
      { label: 'Hull', hex_color: '#0000ff', in_percentages: true, fouling_category: 'none' },
      { label: 'Fouled', hex_color: '#ff0000', in_percentages: true, fouling_category: 'macrofouling' },
    ];
    const rated = (fouled: number) =>
      foulingRating([entry('Hull', 100 - fouled), entry('Fouled', fouled)], threeClasses, defaults);
    expect(rated(0)).toMatchObject({ value: 0, macrofouling_percentage: 0, microfouling_percentage: 0 });
    expect(rated(0.49)?.value).toBe(0);
    expect(rated(0.5)?.value).toBe(2);
    expect(rated(15.49)?.value).toBe(2);
    expect(rated(15.5)?.value).toBe(3);
    expect(rated(40.49)?.value).toBe(3);
    expect(rated(40.5)).toMatchObject({
      value: 4,
      label: 'Heavy macrofouling',
      macrofouling_percentage: 40.5,
    });
  });

  it('rates a future model with slime and filamentous algae as separate classes, with no code change', () => {
    const separate: ModelClass[] = [
      { label: 'Background', hex_color: '#000000', in_percentages: false, fouling_category: 'none' },
      { label: 'Clean', hex_color: '#0000ff', in_percentages: true, fouling_category: 'none' },
      { label: 'Biofilm', hex_color: '#00ff00', in_percentages: true, fouling_category: 'microfouling' },
      {
        label: 'Filamentous Algae',
        hex_color: '#008800',
        in_percentages: true,
        fouling_category: 'macrofouling',
      },
      { label: 'Barnacles', hex_color: '#ff0000', in_percentages: true, fouling_category: 'macrofouling' },
    ];
    const percentages = [
      entry('Clean', 40),
      entry('Biofilm', 44.5),
      entry('Filamentous Algae', 10.25),
      entry('Barnacles', 5.25),
    ];
    expect(foulingRating(percentages, separate, defaults)).toMatchObject({
      value: 3,
      macrofouling_percentage: 15.5,
      microfouling_percentage: 44.5,
    });
  });

  it('cannot rate a prediction with no surface in view (every percentage 0)', () => {
    const percentages = evo.slice(1).map((modelClass) => entry(modelClass.label, 0));
    expect(foulingShares(percentages, evo)).toBeNull();
    expect(foulingRating(percentages, evo, defaults)).toBeNull();
  });

  it('cannot rate a share of a class without a category (a model registered before categories)', () => {
    const uncategorised = evo.map(({ fouling_category: _, ...rest }) => rest);
    expect(foulingRating([entry('Clean Structure', 100)], uncategorised, defaults)).toBeNull();
    // …nor one of a label its model's manifest no longer has; a 0 % share of one changes nothing.
    expect(foulingRating([entry('Clean Structure', 90), entry('Old Class', 10)], evo, defaults)).toBeNull();
    expect(
      foulingRating(
        [entry('Clean Structure', 90), entry('Hard Fouling', 10), entry('Old Class', 0)],
        evo,
        defaults,
      ),
    ).toMatchObject({ value: 2, macrofouling_percentage: 10 });
  });
});

describe("the model's macrofouling noise floor (issue 45 §3)", () => {
  const evo = bundledClasses('evo');
  const onHull = (macrofouling: number, lightSlime = 0) => [
    entry('Clean Structure', 100 - macrofouling - lightSlime),
    entry('Light Slime', lightSlime),
    entry('Hard Fouling', macrofouling),
  ];

  it('raises no band with a macrofouling share up to the floor, and says it was read', () => {
    expect(foulingRating(onHull(1.4), evo, defaults, 2.6)).toEqual({
      scale: 'IMO MEPC.378(80)',
      value: 0,
      label: 'No fouling',
      macrofouling_percentage: 1.4,
      microfouling_percentage: 0,
      macrofouling_noise_floor_percentage: 2.6,
      macrofouling_within_noise: true,
    });
    // Microfouling still rates as microfouling; a share exactly at the floor is still noise.
    expect(foulingRating(onHull(2.6, 5), evo, defaults, 2.6)).toMatchObject({
      value: 1,
      macrofouling_within_noise: true,
    });
    // Without a floor the same share is light macrofouling, as before.
    expect(foulingRating(onHull(1.4), evo, defaults)).toMatchObject({ value: 2 });
    expect(foulingRating(onHull(1.4), evo, defaults)).not.toHaveProperty('macrofouling_within_noise');
  });

  it('counts a share above the floor whole, in its band', () => {
    expect(foulingRating(onHull(2.7), evo, defaults, 2.6)).toMatchObject({
      value: 2,
      macrofouling_percentage: 2.7,
      macrofouling_within_noise: false,
    });
    expect(foulingRating(onHull(20), evo, defaults, 2.6)).toMatchObject({
      value: 3,
      macrofouling_within_noise: false,
    });
    expect(foulingRating(onHull(0), evo, defaults, 2.6)).toMatchObject({
      value: 0,
      macrofouling_within_noise: false,
    });
  });

  it('is stated by both bundled models, measured on the real photos free of macrofouling', () => {
    for (const key of ['evo', 'base']) {
      const manifest = JSON.parse(
        readFileSync(path.join(repositoryRoot, 'models', key, 'manifest.json'), 'utf8'),
      ) as ModelManifest;
      expect(manifest.macrofouling_noise_floor_percent, key).toBeGreaterThan(0);
      expect(manifest.macrofouling_noise_floor_percent, key).toBeLessThan(5);
    }
  });
});
