import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  READ_RIGHT_MIN_SHARE,
  type RegionGroup,
  type ScoredClass,
  acceptsClass,
  isReadRight,
  rasterisePolygon,
  scalePolygon,
  scoreRegion,
  tallyRegions,
} from '../../src/evaluation/region-scoring.js';

/** The pixels as a picture, '#' inside and '.' outside, one string per row. */
function picture(pixels: Uint32Array, width: number, height: number): string[] {
  const rows = Array.from({ length: height }, () => Array<string>(width).fill('.'));
  for (const pixel of pixels) rows[Math.floor(pixel / width)]![pixel % width] = '#';
  return rows.map((row) => row.join(''));
}

// Evo's and Base's classes and categories as their manifests declare them (models/*/manifest.json).
const EVO: ScoredClass[] = [
  { label: 'Background', in_percentages: false, fouling_category: 'none' },
  { label: 'Clean Structure', in_percentages: true, fouling_category: 'none' },
  { label: 'Light Slime', in_percentages: true, fouling_category: 'microfouling' },
  { label: 'Heavy Slime/Algae', in_percentages: true, fouling_category: 'macrofouling' },
  { label: 'Soft Fouling', in_percentages: true, fouling_category: 'macrofouling' },
  { label: 'Hard Fouling', in_percentages: true, fouling_category: 'macrofouling' },
];
const BASE: ScoredClass[] = [
  { label: 'Background', in_percentages: false, fouling_category: 'none' },
  { label: 'Clean Structure', in_percentages: true, fouling_category: 'none' },
  { label: 'Slime/Algae', in_percentages: true, fouling_category: 'microfouling' },
  { label: 'Soft Fouling', in_percentages: true, fouling_category: 'macrofouling' },
  { label: 'Hard Fouling', in_percentages: true, fouling_category: 'macrofouling' },
];
const accepted = (group: RegionGroup, classes: ScoredClass[]) =>
  classes.filter((modelClass) => acceptsClass(group, modelClass)).map((modelClass) => modelClass.label);

describe('rasterisePolygon', () => {
  it('takes the pixels whose centres lie inside: a rectangle with whole-number corners covers its area', () => {
    const pixels = rasterisePolygon(
      [
        [1, 1],
        [4, 1],
        [4, 3],
        [1, 3],
      ],
      6,
      4,
    );
    expect(picture(pixels, 6, 4)).toEqual(['......', '.###..', '.###..', '......']);
  });

  it('fills a triangle by its pixel centres, the hypotenuse through centres counting on its left end only', () => {
    // x + y < 4 at the centres (x + 0.5, y + 0.5); centres on the line x + y = 4 are outside.
    const pixels = rasterisePolygon(
      [
        [0, 0],
        [4, 0],
        [0, 4],
      ],
      5,
      5,
    );
    expect(picture(pixels, 5, 5)).toEqual(['###..', '##...', '#....', '.....', '.....']);
  });

  it('fills a concave L shape without its notch, and keeps row-major order', () => {
    const pixels = rasterisePolygon(
      [
        [0, 0],
        [2, 0],
        [2, 2],
        [4, 2],
        [4, 4],
        [0, 4],
      ],
      4,
      4,
    );
    expect(picture(pixels, 4, 4)).toEqual(['##..', '##..', '####', '####']);
    expect([...pixels]).toEqual([...pixels].sort((a, b) => a - b));
  });

  it('clips to the image and refuses a degenerate polygon', () => {
    const pixels = rasterisePolygon(
      [
        [-2, -2],
        [3, -2],
        [3, 2],
        [-2, 2],
      ],
      4,
      4,
    );
    expect(picture(pixels, 4, 4)).toEqual(['###.', '###.', '....', '....']);
    expect(() =>
      rasterisePolygon(
        [
          [0, 0],
          [1, 1],
        ],
        4,
        4,
      ),
    ).toThrow(/at least 3 points/);
  });

  it('gives any whole-number rectangle exactly its area, and two halves sharing an edge split it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (x, y, w, h, cut) => {
          const rectangle = (left: number, right: number) =>
            rasterisePolygon(
              [
                [left, y],
                [right, y],
                [right, y + h],
                [left, y + h],
              ],
              40,
              40,
            );
          expect(rectangle(x, x + w).length).toBe(w * h);
          // A slanted cut through the middle: every pixel on exactly one side.
          const middle = x + cut * w;
          const left = rasterisePolygon(
            [
              [x, y],
              [middle, y],
              [x + w - middle + x, y + h],
              [x, y + h],
            ],
            40,
            40,
          );
          const right = rasterisePolygon(
            [
              [middle, y],
              [x + w, y],
              [x + w, y + h],
              [x + w - middle + x, y + h],
            ],
            40,
            40,
          );
          expect(left.length + right.length).toBe(w * h);
          expect(new Set([...left, ...right]).size).toBe(w * h);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('scales a polygon drawn on the photo to the evaluated size', () => {
    const scaled = scalePolygon(
      [
        [100, 50],
        [200, 50],
        [200, 150],
      ],
      { width: 400, height: 200 },
      { width: 200, height: 100 },
    );
    expect(scaled).toEqual([
      [50, 25],
      [100, 25],
      [100, 75],
    ]);
  });
});

describe('acceptsClass: expectations by the manifest fouling categories', () => {
  it('clean accepts only the clean surface class', () => {
    expect(accepted('clean', EVO)).toEqual(['Clean Structure']);
    expect(accepted('clean', BASE)).toEqual(['Clean Structure']);
  });

  it('macrofouling accepts the classes declared macrofouling: Evo Heavy Slime/Algae yes, Base Slime/Algae no', () => {
    expect(accepted('macrofouling', EVO)).toEqual(['Heavy Slime/Algae', 'Soft Fouling', 'Hard Fouling']);
    expect(accepted('macrofouling', BASE)).toEqual(['Soft Fouling', 'Hard Fouling']);
  });

  it('not_macrofouling accepts Background and every class that is not macrofouling', () => {
    expect(accepted('not_macrofouling', EVO)).toEqual(['Background', 'Clean Structure', 'Light Slime']);
    expect(accepted('not_macrofouling', BASE)).toEqual(['Background', 'Clean Structure', 'Slime/Algae']);
  });

  it('surface accepts every class in the percentages, never Background', () => {
    expect(accepted('surface', EVO)).toEqual(EVO.slice(1).map((modelClass) => modelClass.label));
    expect(accepted('surface', BASE)).toEqual(BASE.slice(1).map((modelClass) => modelClass.label));
  });
});

describe('scoreRegion and the read-right rule', () => {
  // A region of 10 pixels (indices 0..9) in a 4 × 4 class map.
  const region = Uint32Array.from({ length: 10 }, (_, index) => index);
  const map = (classes: number[]) =>
    Uint8Array.from([...classes, ...Array<number>(16 - classes.length).fill(0)]);

  it('counts the region’s pixels per predicted class and the accepted ones, ignoring pixels outside it', () => {
    // 6 Hard Fouling, 3 Heavy Slime/Algae, 1 Light Slime inside; Clean Structure outside.
    const predicted = map([5, 5, 5, 5, 5, 5, 3, 3, 3, 2, 1, 1, 1, 1, 1, 1]);
    const score = scoreRegion(region, predicted, EVO, 'macrofouling');
    expect(score).toEqual({
      pixels: 10,
      accepted_pixels: 9,
      accepted_share: 0.9,
      read_right: true,
      predicted: {
        Background: 0,
        'Clean Structure': 0,
        'Light Slime': 1,
        'Heavy Slime/Algae': 3,
        'Soft Fouling': 0,
        'Hard Fouling': 6,
      },
    });
  });

  it('reads a region right at exactly half its pixels accepted, and not one pixel below', () => {
    expect(READ_RIGHT_MIN_SHARE).toBe(0.5);
    const half = scoreRegion(region, map([1, 1, 1, 1, 1, 0, 0, 0, 0, 0]), EVO, 'clean');
    expect(half).toMatchObject({ accepted_pixels: 5, accepted_share: 0.5, read_right: true });
    const belowHalf = scoreRegion(region, map([1, 1, 1, 1, 0, 0, 0, 0, 0, 0]), EVO, 'clean');
    expect(belowHalf).toMatchObject({ accepted_pixels: 4, accepted_share: 0.4, read_right: false });
    expect(isReadRight(0.5)).toBe(true);
    expect(isReadRight(0.4999)).toBe(false);
  });

  it('judges the same pixels by each model’s own categories', () => {
    // All Slime/Algae (Base 2) / Heavy Slime/Algae (Evo 3): macrofouling for Evo only.
    expect(scoreRegion(region, map(Array(10).fill(3)), EVO, 'macrofouling').read_right).toBe(true);
    expect(scoreRegion(region, map(Array(10).fill(2)), BASE, 'macrofouling').read_right).toBe(false);
    expect(scoreRegion(region, map(Array(10).fill(2)), BASE, 'not_macrofouling').read_right).toBe(true);
  });

  it('refuses an empty region', () => {
    expect(() => scoreRegion(new Uint32Array(0), map([]), EVO, 'clean')).toThrow(/no pixel/);
  });
});

describe('tallyRegions', () => {
  it('counts regions read right overall and per group', () => {
    expect(
      tallyRegions([
        { group: 'clean', read_right: true },
        { group: 'clean', read_right: false },
        { group: 'macrofouling', read_right: true },
      ]),
    ).toEqual({
      total: { regions: 3, read_right: 2 },
      by_group: { clean: { regions: 2, read_right: 1 }, macrofouling: { regions: 1, read_right: 1 } },
    });
  });
});
