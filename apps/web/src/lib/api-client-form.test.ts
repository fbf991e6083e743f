import { routes } from '@hullscope/contract';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { ApiError } from './api-errors';
import { createTokenStore } from './token-store';

const saved = {
  prediction: 21,
  version: 1,
  author: { id: 7, name: 'Anna Berg' },
  created_at: '2026-11-27T10:00:00Z',
  changed_pixels_percentage: 12.5,
  restored_from: null,
  predictions: [{ label: 'Hard fouling', hex_color: '#d62728', percentage: 40 }],
  fouling_rating: null,
};

function clientAnswering(answer: Response) {
  const tokens = createTokenStore(window.localStorage);
  tokens.setTokens({ access: 'the-access', refresh: 'the-refresh' });
  const sent: { url: string; init: RequestInit | undefined }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), init });
    return answer;
  });
  return { client: createApiClient({ baseUrl: '', tokens, fetch: fetchStub }), sent };
}

describe('a corrected mask sent as a form', () => {
  it('posts the form as it is, with the token and no JSON content type, and answers the validated version', async () => {
    const { client, sent } = clientAnswering(
      new Response(JSON.stringify(saved), { status: 201, headers: { 'Content-Type': 'application/json' } }),
    );
    const form = new FormData();
    form.append('mask', new Blob([Uint8Array.of(137, 80, 78, 71)], { type: 'image/png' }), 'mask.png');
    await expect(
      client.sendForm(routes.saveMaskVersion, { params: { id: 5, predictionId: 21 } }, form),
    ).resolves.toEqual(saved);
    expect(sent[0]?.url).toBe('/api/projects/5/predictionset/21/masks/');
    expect(sent[0]?.init?.method).toBe('POST');
    expect(sent[0]?.init?.body).toBe(form);
    const headers = new Headers(sent[0]?.init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer the-access');
    expect(headers.get('Content-Type')).toBeNull();
  });

  it("turns the API's refusal into an error with its message", async () => {
    const { client } = clientAnswering(
      new Response(JSON.stringify({ detail: 'The mask is 10×10; this prediction is 800×600.' }), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const refused = client.sendForm(
      routes.saveMaskVersion,
      { params: { id: 5, predictionId: 21 } },
      new FormData(),
    );
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toThrow(/800×600/);
  });
});
