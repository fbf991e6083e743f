import type { FoulingCategory, ModelClass } from '@hullscope/contract';

/**
 * What a person expects a coarse region of a real photo to be read as (ml/real-eval/README.md).
 * Expectations are by the manifest's `in_percentages` and `fouling_category`, not by class label,
 * so they mean the same for every model: Base's Slime/Algae and Evo's Heavy Slime/Algae are judged
 * by the categories their manifests declare.
 */
export const REGION_GROUPS = ['clean', 'macrofouling', 'not_macrofouling', 'surface'] as const;
export type RegionGroup = (typeof REGION_GROUPS)[number];

export const GROUP_RULES: Record<RegionGroup, string> = {
  clean: 'clean paint: a surface class whose fouling_category is none (Clean Structure)',
  macrofouling:
    'tubeworms, barnacles, calcareous growth, algal turf: a class whose fouling_category is macrofouling',
  not_macrofouling: 'dark openings, tags, props: Background or any class that is not macrofouling',
  surface: 'filmed or damaged paint: any surface class (in_percentages true), not Background',
};

/** A region is read right when at least this share of its pixels is read as an accepted class. */
export const READ_RIGHT_MIN_SHARE = 0.5;

export type ScoredClass = Pick<ModelClass, 'label' | 'in_percentages'> & {
  fouling_category: FoulingCategory;
};

/** Whether a pixel read as `modelClass` meets the expectation of `group`. */
export function acceptsClass(group: RegionGroup, modelClass: ScoredClass): boolean {
  switch (group) {
    case 'clean':
      return modelClass.in_percentages && modelClass.fouling_category === 'none';
    case 'macrofouling':
      return modelClass.fouling_category === 'macrofouling';
    case 'not_macrofouling':
      return modelClass.fouling_category !== 'macrofouling';
    case 'surface':
      return modelClass.in_percentages;
  }
}

export function isReadRight(acceptedShare: number): boolean {
  return acceptedShare >= READ_RIGHT_MIN_SHARE;
}

export type Point = readonly [number, number];

/**
 * The pixels of a `width` × `height` image inside `polygon`, as row-major indices in ascending
 * order. Pixel (x, y) covers [x, x + 1) × [y, y + 1); it is inside when its centre (x + 0.5,
 * y + 0.5) is (even-odd rule). An edge crossing a row's centre line at exactly a pixel centre
 * counts that pixel on its left end and not on its right (half-open spans), so two polygons that
 * share an edge never both take a pixel and an axis-aligned rectangle with whole-number corners
 * covers exactly its area.
 */
export function rasterisePolygon(polygon: readonly Point[], width: number, height: number): Uint32Array {
  if (polygon.length < 3) throw new Error('a polygon needs at least 3 points');
  const inside: number[] = [];
  for (let y = 0; y < height; y += 1) {
    const centre = y + 0.5;
    const crossings: number[] = [];
    for (let index = 0; index < polygon.length; index += 1) {
      const a = polygon[index]!;
      const b = polygon[(index + 1) % polygon.length]!;
      // From the upper end, so an edge shared by two polygons gives both the same crossing bit for bit.
      const [[x0, y0], [x1, y1]] = a[1] <= b[1] ? [a, b] : [b, a];
      // Half-open in y, so a vertex on the centre line is crossed once, not twice.
      if (!(y0 <= centre && centre < y1)) continue;
      crossings.push(x0 + ((centre - y0) * (x1 - x0)) / (y1 - y0));
    }
    crossings.sort((a, b) => a - b);
    for (let pair = 0; pair + 1 < crossings.length; pair += 2) {
      // Pixels whose centre x + 0.5 lies in [start, end).
      const first = Math.max(0, Math.ceil(crossings[pair]! - 0.5));
      const last = Math.min(width - 1, Math.ceil(crossings[pair + 1]! - 0.5) - 1);
      for (let x = first; x <= last; x += 1) inside.push(y * width + x);
    }
  }
  return Uint32Array.from(inside);
}

/** The polygon's points scaled from the photo's own pixels to an image of another size. */
export function scalePolygon(
  polygon: readonly Point[],
  from: { width: number; height: number },
  to: { width: number; height: number },
): Point[] {
  return polygon.map(([x, y]) => [(x * to.width) / from.width, (y * to.height) / from.height]);
}

export interface RegionScore {
  /** Pixels inside the region at the evaluated size. */
  pixels: number;
  /** Of those, pixels read as a class the group accepts. */
  accepted_pixels: number;
  /** accepted_pixels / pixels. */
  accepted_share: number;
  read_right: boolean;
  /** Pixels per predicted class label, every class of the model listed. */
  predicted: Record<string, number>;
}

/** Scores one region: which classes its pixels were read as, and whether enough are accepted. */
export function scoreRegion(
  pixels: Uint32Array,
  predicted: Uint8Array,
  classes: readonly ScoredClass[],
  group: RegionGroup,
): RegionScore {
  if (pixels.length === 0) throw new Error('the region covers no pixel');
  const counts = new Array<number>(classes.length).fill(0);
  for (const pixel of pixels) counts[predicted[pixel]!]! += 1;
  const accepted = counts.reduce(
    (sum, count, index) => sum + (acceptsClass(group, classes[index]!) ? count : 0),
    0,
  );
  const share = accepted / pixels.length;
  return {
    pixels: pixels.length,
    accepted_pixels: accepted,
    accepted_share: share,
    read_right: isReadRight(share),
    predicted: Object.fromEntries(classes.map((modelClass, index) => [modelClass.label, counts[index]!])),
  };
}

export interface Tally {
  regions: number;
  read_right: number;
}

/** Regions read right out of all, overall and per group (groups without a region left out). */
export function tallyRegions(regions: readonly { group: RegionGroup; read_right: boolean }[]): {
  total: Tally;
  by_group: Partial<Record<RegionGroup, Tally>>;
} {
  const byGroup: Partial<Record<RegionGroup, Tally>> = {};
  for (const region of regions) {
    const tally = (byGroup[region.group] ??= { regions: 0, read_right: 0 });
    tally.regions += 1;
    if (region.read_right) tally.read_right += 1;
  }
  return {
    total: { regions: regions.length, read_right: regions.filter((region) => region.read_right).length },
    by_group: byGroup,
  };
}
