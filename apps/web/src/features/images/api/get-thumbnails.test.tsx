import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { stubApi } from '@/testing/render';
import { useThumbnails } from './get-thumbnails';

const list = [
  { id: 3, image_name: 'bow.jpg', base64_thumbnail: '/9j/AA' },
  { id: 4, image_name: 'stern.jpg', base64_thumbnail: '/9j/BB' },
];

describe('useThumbnails', () => {
  it('revalidates with the last ETag when refetched and keeps the thumbnails on 304', async () => {
    let etag = 'W/"first"';
    const api = stubApi({
      'GET /api/projects/5/thumbnails/': (init) =>
        new Headers(init?.headers).get('If-None-Match') === etag
          ? new Response(null, { status: 304, headers: { ETag: etag } })
          : new Response(JSON.stringify(list), { status: 200, headers: { ETag: etag } }),
    });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useThumbnails(5), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(list));
    const shown = result.current.data;

    // As an upload's or a delete's invalidation does: the list is asked for again, conditionally.
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.thumbnails(5) }));
    await waitFor(() => expect(api.calls).toHaveLength(2));
    const headersOf = (index: number) => new Headers(api.calls[index]!.init?.headers);
    expect(headersOf(0).get('If-None-Match')).toBeNull();
    expect(headersOf(1).get('If-None-Match')).toBe('W/"first"');
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(result.current.data).toBe(shown);

    // A changed list comes whole, with its new tag used next time.
    etag = 'W/"second"';
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.thumbnails(5) }));
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(headersOf(2).get('If-None-Match')).toBe('W/"first"');
    expect(result.current.data).toEqual(list);
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.thumbnails(5) }));
    await waitFor(() => expect(api.calls).toHaveLength(4));
    expect(headersOf(3).get('If-None-Match')).toBe('W/"second"');
  });
});
