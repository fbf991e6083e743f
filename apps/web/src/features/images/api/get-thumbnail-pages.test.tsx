import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { stubApi } from '@/testing/render';
import { useThumbnailPages } from './get-thumbnail-pages';

const page = [
  { id: 30, image_name: 'bow.jpg', base64_thumbnail: '/9j/AA' },
  { id: 31, image_name: 'stern.jpg', base64_thumbnail: '/9j/BB' },
];

describe('useThumbnailPages', () => {
  it('asks for its pages by offset and limit and revalidates each with its ETag, keeping it on 304', async () => {
    let etag = 'W/"first"';
    const api = stubApi({
      'GET /api/projects/5/thumbnails/': (init) =>
        new Headers(init?.headers).get('If-None-Match') === etag
          ? new Response(null, { status: 304, headers: { ETag: etag } })
          : new Response(JSON.stringify(page), { status: 200, headers: { ETag: etag } }),
    });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useThumbnailPages(5, [1]), { wrapper });
    await waitFor(() => expect([...result.current.keys()]).toEqual([30, 31]));
    expect(result.current.get(31)?.base64_thumbnail).toBe('/9j/BB');
    expect(api.calls[0]!.url.search).toBe('?offset=24&limit=24');
    const shown = result.current;

    // As an upload's or a delete's invalidation, or a run's end, does: asked again, conditionally.
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.thumbnails(5) }));
    await waitFor(() => expect(api.calls).toHaveLength(2));
    const headersOf = (index: number) => new Headers(api.calls[index]!.init?.headers);
    expect(headersOf(0).get('If-None-Match')).toBeNull();
    expect(headersOf(1).get('If-None-Match')).toBe('W/"first"');
    expect(api.calls[1]!.url.search).toBe('?offset=24&limit=24');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(result.current).toBe(shown);

    // A changed page comes whole, with its new tag used next time.
    etag = 'W/"second"';
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.thumbnails(5) }));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(headersOf(2).get('If-None-Match')).toBe('W/"first"');
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.thumbnails(5) }));
    await waitFor(() => expect(api.calls).toHaveLength(4));
    expect(headersOf(3).get('If-None-Match')).toBe('W/"second"');
  });
});
