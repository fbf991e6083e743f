import type { ImageDetails, ImageThumbnail } from '@hullscope/contract';
import { describe, expect, it } from 'vitest';
import { arrangeImages, defaultArrangement } from './arrange-images';

const thumb = (id: number, image_name: string): ImageThumbnail => ({
  id,
  image_name,
  base64_thumbnail: 'AA',
});
const thumbnails = [
  thumb(1, 'stern-10.jpg'),
  thumb(2, 'Bow.jpg'),
  thumb(3, 'stern-9.jpg'),
  thumb(4, 'keel.png'),
];
const details = (id: number, predictions: [number, number][]): ImageDetails => ({
  id,
  image_name: `image ${id}`,
  uploaded_at: '2026-01-01T00:00:00.000Z',
  width: 10,
  height: 10,
  hull_zone: null,
  predictions: predictions.map(([model_id, resolution_id], index) => ({
    prediction_id: id * 10 + index,
    model_id,
    resolution_id,
  })),
});
const byId = new Map([
  [1, details(1, [[1, 1]])],
  [2, details(2, [[1, 2]])],
  [3, details(3, [])],
]);
const names = (list: ImageThumbnail[]) => list.map((image) => image.image_name);

describe('arranging the project images (issue 22)', () => {
  it('keeps upload order by default and sorts by upload date or name (numbers in names in order)', () => {
    expect(names(arrangeImages(thumbnails, byId, defaultArrangement))).toEqual([
      'stern-10.jpg',
      'Bow.jpg',
      'stern-9.jpg',
      'keel.png',
    ]);
    expect(names(arrangeImages(thumbnails, byId, { ...defaultArrangement, sort: 'newest' }))).toEqual([
      'keel.png',
      'stern-9.jpg',
      'Bow.jpg',
      'stern-10.jpg',
    ]);
    expect(names(arrangeImages(thumbnails, byId, { ...defaultArrangement, sort: 'name-asc' }))).toEqual([
      'Bow.jpg',
      'keel.png',
      'stern-9.jpg',
      'stern-10.jpg',
    ]);
    expect(names(arrangeImages(thumbnails, byId, { ...defaultArrangement, sort: 'name-desc' }))[0]).toBe(
      'stern-10.jpg',
    );
  });

  it('finds names by any part in any case', () => {
    expect(names(arrangeImages(thumbnails, byId, { ...defaultArrangement, search: ' STERN ' }))).toEqual([
      'stern-10.jpg',
      'stern-9.jpg',
    ]);
  });

  it('keeps the images with, or without, a prediction of one model at one resolution', () => {
    const withIt = { kind: 'with', modelId: 1, resolutionId: 1 } as const;
    expect(names(arrangeImages(thumbnails, byId, { ...defaultArrangement, prediction: withIt }))).toEqual([
      'stern-10.jpg',
    ]);
    // Image 4 has no details yet: it counts as having no prediction.
    expect(
      names(
        arrangeImages(thumbnails, byId, {
          ...defaultArrangement,
          prediction: { ...withIt, kind: 'without' },
        }),
      ),
    ).toEqual(['Bow.jpg', 'stern-9.jpg', 'keel.png']);
  });

  it('keeps the images of one photo quality; a photo never measured matches none (issue 46)', () => {
    const metrics = {
      sharpness: 0.3,
      contrast: 0.5,
      brightness: 0.4,
      dark_share: 0,
      bright_share: 0,
      colour_cast: 0.2,
      blockiness: 1,
      hull_share: 1,
    };
    const graded = new Map([
      [1, { ...details(1, []), quality: { grade: 'good' as const, reasons: [], metrics } }],
      [
        2,
        {
          ...details(2, []),
          quality: { grade: 'poor' as const, reasons: ['Blurred (sharpness 0.020)'], metrics },
        },
      ],
      [3, { ...details(3, []), quality: null }],
    ]);
    const only = (quality: 'good' | 'fair' | 'poor') =>
      names(arrangeImages(thumbnails, graded, { ...defaultArrangement, quality }));
    expect(only('poor')).toEqual(['Bow.jpg']);
    expect(only('good')).toEqual(['stern-10.jpg']);
    expect(only('fair')).toEqual([]);
    expect(names(arrangeImages(thumbnails, graded, defaultArrangement))).toHaveLength(4);
  });
});
