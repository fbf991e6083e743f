import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { ReviewQueueWalker } from './review-queue-walker';

const item = (image: number, name: string, confidence: number) => ({
  image,
  image_name: name,
  prediction: image + 100,
  hull_zone: null,
  confidence,
  low_confidence: confidence < 0.5,
});

function stubQueue(role: 'member' | 'viewer', signed = false) {
  let items = [item(31, 'bow.jpg', 0.2), item(32, 'keel.jpg', 0.4), item(33, 'stern.jpg', 0.9)];
  return stubApi({
    'GET /api/organisation/': () => jsonResponse({ id: 1, name: 'Nordsee', role, members: 2, current: true }),
    'GET /api/projects/5/revisions/': () =>
      jsonResponse({
        project: 5,
        signed,
        next_revision: signed ? 2 : 1,
        revisions: signed
          ? [
              {
                revision: 1,
                name: 'Jana Petersen',
                position: 'Superintendent',
                signed_by: { id: 1, name: 'Jana Petersen' },
                signed_at: '2026-11-27T10:00:00Z',
                report_sha256: 'a'.repeat(64),
                reopened_at: null,
                reopened_by: null,
                reopen_reason: null,
              },
            ]
          : [],
      }),
    'GET /api/projects/5/review-queue/': () =>
      jsonResponse({ items, counts: { reviewed: 3 - items.length + 1, total: 4 } }),
    'POST /api/projects/5/image/32/review/': () => {
      items = items.filter((entry) => entry.image !== 32);
      return jsonResponse({
        image: 32,
        prediction: 132,
        state: 'accepted',
        reviewed_by: { id: 1, name: 'Anna Kowalski' },
        reviewed_at: '2026-11-27T10:00:00Z',
      });
    },
  });
}

const show = () =>
  renderWithApp(
    <ReviewQueueWalker
      projectId={5}
      renderItem={(entry, editing) => <p>{`${entry.image_name} ${editing}`}</p>}
    />,
  );

describe('the review queue (issue 39 §3)', () => {
  it('starts at the lowest confidence; N skips, A accepts the photo shown and it leaves the queue', async () => {
    const api = stubQueue('member');
    show();
    await screen.findByText('bow.jpg false');
    expect(screen.getByTestId('review-progress')).toHaveTextContent('1 of 4 reviewed');
    fireEvent.keyDown(window, { key: 'n' });
    await screen.findByText('keel.jpg false');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accept (A)' })).toBeEnabled());
    fireEvent.keyDown(window, { key: 'a' });
    await waitFor(() => expect(screen.getByTestId('review-progress')).toHaveTextContent('2 of 4 reviewed'));
    const accepted = api.calls.find((call) => call.key === 'POST /api/projects/5/image/32/review/');
    expect(JSON.parse(String(accepted?.init?.body))).toEqual({ state: 'accepted', prediction: 132 });
    // The skipped photo comes round again after the last.
    await screen.findByText('stern.jpg false');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await screen.findByText('bow.jpg false');
    fireEvent.keyDown(window, { key: 'c' });
    await screen.findByText('bow.jpg true');
  });

  it('offers a viewer no decision, and nobody one while the inspection is signed', async () => {
    const viewerApi = stubQueue('viewer');
    const { unmount } = show();
    await screen.findByText('bow.jpg false');
    await waitFor(() =>
      expect(viewerApi.calls.some((call) => call.key === 'GET /api/organisation/')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept (A)' })).toBeNull());
    fireEvent.keyDown(window, { key: 'a' });
    expect(viewerApi.calls.some((call) => call.key.startsWith('POST'))).toBe(false);
    unmount();

    const signedApi = stubQueue('member', true);
    show();
    await screen.findByText(/Signed by Jana Petersen \(revision 1\)/);
    expect(screen.getByRole('button', { name: 'Accept (A)' })).toBeDisabled();
    fireEvent.keyDown(window, { key: 'a' });
    expect(signedApi.calls.some((call) => call.key.startsWith('POST'))).toBe(false);
  });
});
