import { describe, expect, it } from 'vitest';
import { jsonWithBase64 } from '../../src/http/base64-json.js';

describe('jsonWithBase64', () => {
  const base64 = Buffer.from('aGVsbG8=');

  it('writes the same JSON as JSON.stringify, the base64 field between the others', () => {
    const head = { id: 7, image_name: 'Hull "aft" ⚓.jpg' };
    const tail = { hull_zone: null, quality: { grade: 'GOOD', metrics: { sharpness: 0.5 } } };
    const json = jsonWithBase64(head, 'base64_image', base64, tail).toString();
    expect(json).toBe(JSON.stringify({ ...head, base64_image: 'aGVsbG8=', ...tail }));
  });

  it('writes a field alone or last as valid JSON', () => {
    expect(JSON.parse(jsonWithBase64({}, 'b', base64).toString())).toEqual({ b: 'aGVsbG8=' });
    expect(JSON.parse(jsonWithBase64({ id: 1 }, 'b', base64).toString())).toEqual({ id: 1, b: 'aGVsbG8=' });
  });
});
