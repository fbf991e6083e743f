import { describe, expect, it } from 'vitest';
import type { ExtractedFrame } from '../video/extract-frames';
import { framesToUpload, type VideoJob } from './use-video-frames';

const frame = (name: string, skipped: ExtractedFrame['skipped']): ExtractedFrame => ({
  seconds: 0,
  name,
  jpeg: new Blob(['jpeg'], { type: 'image/jpeg' }),
  sharpness: 3,
  quality: null,
  skipped,
});

describe('the frames a video sends up', () => {
  it('are the kept ones the user left ticked and the skipped ones the user ticked', () => {
    const job = {
      file: new File(['video'], 'dive.mp4', { lastModified: 5 }),
      frames: [
        frame('a.jpg', null),
        frame('b.jpg', null),
        frame('c.jpg', 'blurry'),
        frame('d.jpg', 'duplicate'),
        frame('e.jpg', 'poor'),
        frame('f.jpg', 'poor'),
      ],
      flipped: new Set(['b.jpg', 'c.jpg', 'f.jpg']),
    } as unknown as VideoJob;
    const files = framesToUpload([job]);
    expect(files.map((file) => file.name)).toEqual(['a.jpg', 'c.jpg', 'f.jpg']);
    expect(files[0]!.type).toBe('image/jpeg');
  });
});
