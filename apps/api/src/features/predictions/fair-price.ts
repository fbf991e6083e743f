import type { ResolutionRow } from '../../db/schema.js';

export interface SizedImage {
  id: number;
  name: string;
  width: number;
  height: number;
}

/** What one image of a request costs, and the resolution whose price that is. */
export interface ImageCharge {
  image: SizedImage;
  price: number;
  /** The chosen resolution, or a cheaper one whose result for this image is the same. */
  pricedAs: ResolutionRow;
}

/**
 * The price of running `image` at `chosen`. An image is resized so its longer side is at most the
 * resolution's maximum and never enlarged, so an image no larger than a cheaper resolution's
 * maximum comes out exactly as it would there: it is charged that cheaper price. A larger image is
 * reduced differently at each maximum and pays the chosen price.
 */
export function chargeFor(image: SizedImage, chosen: ResolutionRow, offered: ResolutionRow[]): ImageCharge {
  const longerSide = Math.max(image.width, image.height);
  let pricedAs = chosen;
  if (longerSide <= chosen.resolution) {
    for (const resolution of offered) {
      const sameResult = resolution.active === 1 && longerSide <= resolution.resolution;
      if (sameResult && resolution.price < pricedAs.price) pricedAs = resolution;
    }
  }
  return { image, price: pricedAs.price, pricedAs };
}

/** How the charges of a request differ from `images × chosen price`, for its messages and ledger row. */
export function discountNote(charges: ImageCharge[], chosen: ResolutionRow): string {
  const cheaper = new Map<number, ImageCharge[]>();
  for (const charge of charges) {
    if (charge.pricedAs.id === chosen.id) continue;
    cheaper.set(charge.pricedAs.id, [...(cheaper.get(charge.pricedAs.id) ?? []), charge]);
  }
  return [...cheaper.values()]
    .map((group) => {
      const { pricedAs } = group[0]!;
      const count = group.length === 1 ? '1 image is' : `${group.length} images are`;
      const price = `${pricedAs.price} credit${pricedAs.price === 1 ? '' : 's'}`;
      return `${count} no larger than ${pricedAs.resolution} px, so ${group.length === 1 ? 'it is' : 'they are'} charged the price of ${pricedAs.display_name}, ${price} per image: the result is the same.`;
    })
    .join(' ');
}
