import type { FoulingRating, InspectionSummary, ZoneSummary } from '@hullscope/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { InspectionSummaryDialog } from './inspection-summary-dialog';

const scale = 'IMO MEPC.378(80)' as const;
const light: FoulingRating = {
  scale,
  value: 2,
  label: 'Light macrofouling',
  macrofouling_percentage: 14,
  microfouling_percentage: 0,
};
const heavy: FoulingRating = { ...light, value: 4, label: 'Heavy macrofouling', macrofouling_percentage: 50 };
const coverage = (hard: number, clean: number) => [
  { label: 'Hard Fouling', hex_color: '#e53935', percentage: hard },
  { label: 'Clean Structure', hex_color: '#1e88e5', percentage: clean },
];
const worst = {
  image_id: 31,
  image_name: 'bow-fouled.png',
  prediction_id: 91,
  hull_zone: 'flat_bottom' as const,
  model_version: '1.3.0',
  rating: heavy,
};
const bottom: ZoneSummary = {
  hull_zone: 'flat_bottom',
  zone_label: 'Flat bottom',
  image_count: 3,
  predicted_count: 2,
  coverage: coverage(14, 86),
  rating: light,
  worst_image: worst,
  images: [
    worst,
    {
      ...worst,
      image_id: 32,
      image_name: 'bow-light.png',
      prediction_id: 92,
      rating: { ...light, macrofouling_percentage: 5 },
      confidence: 0.512,
      low_confidence: true,
    },
  ],
};
const unassigned: ZoneSummary = {
  hull_zone: null,
  zone_label: 'Unassigned',
  image_count: 1,
  predicted_count: 1,
  coverage: coverage(0, 0),
  rating: null,
  worst_image: null,
  images: [
    { ...worst, image_id: 33, image_name: 'water.png', prediction_id: 93, hull_zone: null, rating: null },
  ],
};
const summary: InspectionSummary = {
  project: 5,
  model: { id: 1, name: 'Evo', versions: ['1.3.0'] },
  resolution: { id: 1, name: 'standard', display_name: 'Standard (max 800 px)' },
  available: [
    { model: 1, model_name: 'Evo', resolution: 1, resolution_name: 'Standard (max 800 px)', predictions: 3 },
    { model: 2, model_name: 'Base', resolution: 2, resolution_name: 'Full HD', predictions: 1 },
  ],
  zones: [bottom, unassigned],
  all_zones: {
    zone_label: 'All zones',
    image_count: 4,
    predicted_count: 3,
    coverage: coverage(10, 90),
    rating: light,
  },
  overall_rating: light,
  worst_zone: 'flat_bottom',
};

function renderDialog(onOpenImage = vi.fn()) {
  renderWithApp(
    <InspectionSummaryDialog
      open
      projectId={5}
      requestRunning={false}
      onClose={() => undefined}
      onOpenImage={onOpenImage}
    />,
  );
  return onOpenImage;
}

describe('the inspection summary (issue 18 §5)', () => {
  it('shows the overall rating and a row per zone with its photos, rating, macrofouling, coverage and worst photo', async () => {
    stubApi({ 'GET /api/projects/5/inspection-summary/': () => jsonResponse(summary) });
    renderDialog();
    const table = await screen.findByRole('table', { name: 'Inspection summary per hull zone' });
    const row = within(table).getByRole('row', { name: /Flat bottom/ });
    expect(row).toHaveTextContent('2 of 3');
    expect(row).toHaveTextContent('IMO rating 2: light macrofouling');
    expect(row).toHaveTextContent('14.0 %');
    expect(
      within(row).getByRole('img', { name: 'Coverage: Hard Fouling 14.0 %, Clean Structure 86.0 %' }),
    ).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'bow-fouled.png' })).toBeInTheDocument();
    const none = within(table).getByRole('row', { name: /Unassigned/ });
    expect(none).toHaveTextContent('IMO rating: not rated');
    expect(within(none).getByRole('img', { name: 'Coverage: No hull surface rated' })).toBeInTheDocument();
    expect(screen.getByText('Overall rating').parentElement).toHaveTextContent(
      'IMO rating 2: light macrofouling',
    );
    expect(screen.getByText(/3 of 4 photos analysed/)).toBeInTheDocument();
  });

  it("lists a zone's photos worst first, and a photo opens in the viewer", async () => {
    stubApi({ 'GET /api/projects/5/inspection-summary/': () => jsonResponse(summary) });
    const onOpenImage = renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Show the photos of Flat bottom' }));
    const list = screen.getByRole('list', { name: 'Photos of Flat bottom, worst first' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'bow-fouled.pngIMO rating 4: heavy macrofouling',
      'bow-light.pngIMO rating 2: light macrofouling' +
        'Low confidence: poor visibility or an unfamiliar surface (model confidence 51 %)',
    ]);
    // Issue 19 §2: a photo the model read with low confidence says so where it is listed.
    const [fouled, lowConfidence] = within(list).getAllByRole('listitem');
    expect(
      within(lowConfidence!).getByRole('img', {
        name: 'Low confidence: poor visibility or an unfamiliar surface (model confidence 51 %)',
      }),
    ).toBeInTheDocument();
    expect(within(fouled!).queryByRole('img', { name: /Low confidence/ })).not.toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'bow-light.png' }));
    expect(onOpenImage).toHaveBeenCalledWith(expect.objectContaining({ image_id: 32, prediction_id: 92 }));
  });

  it('asks for another model and resolution when one is chosen', async () => {
    const { fetchStub } = stubApi({ 'GET /api/projects/5/inspection-summary/': () => jsonResponse(summary) });
    renderDialog();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Model and resolution' }));
    await userEvent.click(screen.getByRole('option', { name: 'Base, Full HD (1 predictions)' }));
    await waitFor(() =>
      expect(fetchStub.mock.calls.map(([url]) => String(url))).toContainEqual(
        expect.stringContaining('/api/projects/5/inspection-summary/?model=2&resolution=2'),
      ),
    );
  });

  it('says when nothing has been analysed yet', async () => {
    stubApi({
      'GET /api/projects/5/inspection-summary/': () =>
        jsonResponse({
          ...summary,
          model: null,
          resolution: null,
          available: [],
          zones: [unassigned],
          overall_rating: null,
        }),
    });
    renderDialog();
    expect(await screen.findByText(/No photo has been analysed yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Inspection Report' })).toBeDisabled();
  });

  it('marks a poor photo left out of its zone, says how many are, and asks again with them counted (issue 46)', async () => {
    const metrics = {
      sharpness: 0.3,
      contrast: 0.08,
      brightness: 0.4,
      dark_share: 0,
      bright_share: 0,
      colour_cast: 0.2,
      blockiness: 1,
      hull_share: 1,
    };
    const murky = {
      ...worst,
      image_id: 34,
      image_name: 'murky.png',
      prediction_id: 94,
      quality: {
        grade: 'poor' as const,
        reasons: ['Low contrast: murky water or haze (contrast 8 %)'],
        metrics,
      },
      excluded_from_rating: true,
    };
    const clear = {
      ...worst,
      quality: { grade: 'good' as const, reasons: [], metrics },
      excluded_from_rating: false,
    };
    const withQuality: InspectionSummary = {
      ...summary,
      zones: [{ ...bottom, worst_image: clear, images: [clear, murky], excluded_count: 1 }],
      all_zones: { ...summary.all_zones, excluded_count: 1 },
      poor_photos_included: false,
    };
    const { fetchStub } = stubApi({
      'GET /api/projects/5/inspection-summary/': () => jsonResponse(withQuality),
    });
    renderDialog();
    expect(await screen.findByTestId('excluded-photos')).toHaveTextContent(
      '1 photo is of poor quality and left out of the ratings',
    );
    const row = within(screen.getByRole('table')).getByRole('row', { name: /Flat bottom/ });
    expect(row).toHaveTextContent('1 poor left out');
    await userEvent.click(screen.getByRole('button', { name: 'Show the photos of Flat bottom' }));
    const [first, second] = within(screen.getByRole('list', { name: /Photos of Flat bottom/ })).getAllByRole(
      'listitem',
    );
    expect(within(first!).getByLabelText('Quality: Good')).toBeInTheDocument();
    expect(within(first!).queryByTestId('left-out')).not.toBeInTheDocument();
    expect(
      within(second!).getByLabelText('Quality: Poor (Low contrast: murky water or haze (contrast 8 %))'),
    ).toBeInTheDocument();
    expect(within(second!).getByTestId('left-out')).toHaveTextContent('left out of the rating');
    await userEvent.click(screen.getByRole('switch', { name: 'Count poor-quality photos in ratings' }));
    await waitFor(() =>
      expect(fetchStub.mock.calls.map(([url]) => String(url))).toContainEqual(
        expect.stringContaining('/api/projects/5/inspection-summary/?include_poor=true'),
      ),
    );
  });
});
