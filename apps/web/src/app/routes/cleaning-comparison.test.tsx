import type { CleaningComparison } from '@hullscope/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { CleaningComparisonRoute } from './cleaning-comparison';

const THUMBNAIL = 'data:image/jpeg;base64,/9j/4AAQ';
const side = (
  value: number | null,
  photo: string | null,
  status: 'inspected' | 'not_inspected' = 'inspected',
) => ({
  status,
  not_inspected_reason: status === 'not_inspected' ? 'Not accessible' : null,
  rating:
    value === null
      ? null
      : {
          value,
          label: (
            [
              'No fouling',
              'Microfouling',
              'Light macrofouling',
              'Medium macrofouling',
              'Heavy macrofouling',
            ] as const
          )[value]!,
        },
  rating_source: value === null ? null : ('photos' as const),
  macrofouling_percentage: value === null ? null : value * 10,
  coverage: value === null ? [] : [{ label: 'Hard Fouling', hex_color: '#c82828', percentage: value * 10 }],
  photo_count: photo ? 1 : 0,
  photo: photo ? { image_id: 1, image_name: photo, thumbnail: THUMBNAIL } : null,
});

const COMPARISON: CleaningComparison = {
  cleaning: {
    id: 7,
    vessel: 3,
    before: {
      project: 10,
      project_name: 'Before cleaning',
      date: '2026-05-02',
      location: 'Rotterdam',
      revision: 1,
      report_sha256: 'ab'.repeat(32),
    },
    after: {
      project: 11,
      project_name: 'After cleaning',
      date: '2026-05-06',
      location: 'Rotterdam',
      revision: null,
      report_sha256: null,
    },
    date: '2026-05-04',
    company: 'Clean Hulls Ltd',
    method: 'ROV brush cart',
    capture: true,
    certificate_reference: 'CH-2026-117',
    notes: null,
    created_by: 'Ada Lovelace',
    created_at: '2026-05-04T10:00:00.000Z',
    updated_at: '2026-05-04T10:00:00.000Z',
  },
  overall: { before: { value: 3, label: 'Medium macrofouling' }, after: { value: 0, label: 'No fouling' } },
  zones: [
    {
      hull_zone: 'flat_bottom',
      zone_label: 'Flat bottom',
      before: side(3, 'bottom-before.jpg'),
      after: side(0, 'bottom-after.jpg'),
      outcome: 'improved',
    },
    {
      hull_zone: 'sea_chest',
      zone_label: 'Sea chest',
      before: side(null, null, 'not_inspected'),
      after: side(1, null),
      outcome: 'not_comparable',
    },
  ],
  notes: ['In the spirit of ISO/DIS 6319.'],
};

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: () => undefined }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  renderWithApp(<CleaningComparisonRoute />, {
    path: '/vessels/3/cleanings/7/',
    route: '/vessels/:vesselId/cleanings/:cleaningId/',
  });

describe('the cleaning comparison page (issue 40 §6)', () => {
  it('shows each zone before and after with the photos side by side and the outcome', async () => {
    stubApi({ 'GET /api/vessels/3/cleanings/7/comparison/': () => jsonResponse(COMPARISON) });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Zones before and after the cleaning' });
    const [, bottom, chest] = within(table).getAllByRole('row');
    expect(within(bottom!).getByText('Flat bottom')).toBeInTheDocument();
    expect(within(bottom!).getByRole('img', { name: 'Before: bottom-before.jpg' })).toHaveAttribute(
      'src',
      THUMBNAIL,
    );
    expect(within(bottom!).getByRole('img', { name: 'After: bottom-after.jpg' })).toBeInTheDocument();
    expect(within(bottom!).getByText('IMO rating 3: Medium macrofouling')).toBeInTheDocument();
    expect(within(bottom!).getByText('IMO rating 0: No fouling')).toBeInTheDocument();
    expect(within(bottom!).getByText('Improved')).toBeInTheDocument();
    expect(within(chest!).getByText(/Not inspected: Not accessible/)).toBeInTheDocument();
    expect(within(chest!).getByText('Not comparable')).toBeInTheDocument();
    expect(
      screen.getByText(/Clean Hulls Ltd · ROV brush cart · capture yes · certificate CH-2026-117/),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Overall: IMO rating 3: Medium macrofouling → IMO rating 0: No fouling'),
    ).toBeInTheDocument();
  });

  it('downloads the comparison report as a PDF', async () => {
    const { calls } = stubApi({
      'GET /api/vessels/3/cleanings/7/comparison/': () => jsonResponse(COMPARISON),
      'GET /api/vessels/3/cleanings/7/comparison/download/': () =>
        new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="c.pdf"',
          },
        }),
    });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download Comparison Report' }));
    await screen.findByText('Comparison report downloaded');
    expect(calls.map((call) => call.url.pathname)).toContain(
      '/api/vessels/3/cleanings/7/comparison/download/',
    );
  });

  it('is not found when the cleaning cannot be read', async () => {
    stubApi({
      'GET /api/vessels/3/cleanings/7/comparison/': () => jsonResponse({ detail: 'Not found.' }, 404),
    });
    renderPage();
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
  });
});
