import { type PlanInterpolateRequest, videoFrameOf } from '@hullscope/contract';
import { FieldErrorCollector, notFound } from '../../http/api-error.js';
import type { PositionedImage, StoredPosition } from './plan-positions.repository.js';

/**
 * The positions of one video's frames taken between two frames a user placed (issue 40 §2): on the
 * straight line between them, in proportion to their time. Frames a user placed keep their point;
 * 400 names the image when the two are not placed frames of one video in one view.
 */
export function interpolatedFrames(
  images: readonly PositionedImage[],
  body: PlanInterpolateRequest,
): { imageId: number; position: StoredPosition }[] {
  const first = images.find((image) => image.id === body.first_image);
  const last = images.find((image) => image.id === body.last_image);
  if (!first || !last) throw notFound();
  const errors = new FieldErrorCollector();
  const ends = [
    ['first_image', first],
    ['last_image', last],
  ] as const;
  for (const [field, image] of ends) {
    if (!videoFrameOf(image.name))
      errors.add(field, `${image.name} is not a video frame (<video>@<mm:ss.s>.jpg).`);
    else if (image.position?.placement !== 'dragged')
      errors.add(field, `Place ${image.name} on the plan first.`);
  }
  errors.throwIfAny();
  const [from, to] = [videoFrameOf(first.name)!, videoFrameOf(last.name)!];
  const [start, end] = [first.position!, last.position!];
  if (from.video !== to.video) errors.add('last_image', `${last.name} is not a frame of ${from.video}.`);
  else if (from.seconds === to.seconds) errors.add('last_image', 'Choose a frame taken at another time.');
  else if (start.view !== end.view) errors.add('last_image', 'Place both frames in the same view.');
  errors.throwIfAny();

  const round = (value: number) => Math.round(value * 100) / 100;
  const [low, high] = [Math.min(from.seconds, to.seconds), Math.max(from.seconds, to.seconds)];
  return images.flatMap((image) => {
    const frame = videoFrameOf(image.name);
    if (!frame || frame.video !== from.video || frame.seconds <= low || frame.seconds >= high) return [];
    if (image.position?.placement === 'dragged') return [];
    const share = (frame.seconds - from.seconds) / (to.seconds - from.seconds);
    return [
      {
        imageId: image.id,
        position: {
          view: start.view,
          from_aft_m: round(start.from_aft_m + share * (end.from_aft_m - start.from_aft_m)),
          across_m: round(start.across_m + share * (end.across_m - start.across_m)),
          placement: 'interpolated' as const,
        },
      },
    ];
  });
}
