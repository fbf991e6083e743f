import type { ImageDetails, QualityGrade } from '@hullscope/contract';
import type { ListedImage } from './listed-image';

export type ImageSort = 'oldest' | 'newest' | 'name-asc' | 'name-desc';

/** Which images to keep by their predictions: any, or those with (or without) one model × resolution. */
export type PredictionFilter =
  { kind: 'any' } | { kind: 'with' | 'without'; modelId: number; resolutionId: number };

/** Which images to keep by their photo quality (issue 46); photos never measured match only 'any'. */
export type QualityFilter = 'any' | QualityGrade;

export interface ImageArrangement {
  /** Part of the file name, any case; empty keeps every name. */
  search: string;
  sort: ImageSort;
  prediction: PredictionFilter;
  quality: QualityFilter;
}

export const defaultArrangement: ImageArrangement = {
  search: '',
  sort: 'oldest',
  prediction: { kind: 'any' },
  quality: 'any',
};

export function hasPrediction(
  details: ImageDetails | undefined,
  modelId: number,
  resolutionId: number,
): boolean {
  return (details?.predictions ?? []).some(
    (prediction) => prediction.model_id === modelId && prediction.resolution_id === resolutionId,
  );
}

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * The thumbnails to show, filtered and sorted. Upload order is the id order (ids grow with each
 * upload), so sorting by upload date needs no details; filtering by prediction does, and an image
 * whose details have not arrived counts as having none.
 */
export function arrangeImages<T extends ListedImage>(
  thumbnails: readonly T[],
  details: ReadonlyMap<number, ImageDetails>,
  { search, sort, prediction, quality }: ImageArrangement,
): T[] {
  const needle = search.trim().toLocaleLowerCase();
  const kept = thumbnails.filter((thumbnail) => {
    if (needle && !thumbnail.image_name.toLocaleLowerCase().includes(needle)) return false;
    if (quality !== 'any' && details.get(thumbnail.id)?.quality?.grade !== quality) return false;
    if (prediction.kind === 'any') return true;
    const has = hasPrediction(details.get(thumbnail.id), prediction.modelId, prediction.resolutionId);
    return prediction.kind === 'with' ? has : !has;
  });
  const compare: Record<ImageSort, (a: T, b: T) => number> = {
    oldest: (a, b) => a.id - b.id,
    newest: (a, b) => b.id - a.id,
    'name-asc': (a, b) => byName.compare(a.image_name, b.image_name) || a.id - b.id,
    'name-desc': (a, b) => byName.compare(b.image_name, a.image_name) || a.id - b.id,
  };
  return kept.sort(compare[sort]);
}
