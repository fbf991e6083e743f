import { describe, expect, it } from 'vitest';
import { UPLOAD_PREVIEW_SIDE, blockCropRect, previewBlockCrop } from '../src/image-quality/measure-pixels.js';

describe('previewBlockCrop', () => {
  it('crops a picture no larger than the upload preview where blockCropRect does, in its own pixels', () => {
    const { crop, source } = previewBlockCrop(1920, 1080);
    expect(crop).toEqual(blockCropRect(1920, 1080));
    expect(source).toEqual(crop);
  });

  it("crops a 4K frame at the preview's scale, from the same centre region of the frame", () => {
    const { crop, source } = previewBlockCrop(3840, 2160);
    const scale = UPLOAD_PREVIEW_SIDE / 3840;
    expect(crop).toEqual(blockCropRect(2048, 1152));
    expect(source.width).toBeCloseTo(512 / scale, 6);
    expect(source.left + source.width / 2).toBeCloseTo(3840 / 2, 0);
    expect(source.top + source.height / 2).toBeCloseTo(2160 / 2, 0);
  });
});
