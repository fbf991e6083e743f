import type { GaDrawing } from '@hullscope/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { VesselGaDrawing } from './vessel-ga-drawing';

const drawing: GaDrawing = {
  vessel: 4,
  width: 800,
  height: 300,
  content_type: 'image/png',
  size_bytes: 1234,
  uploaded_by: 'Ada Surveyor',
  uploaded_at: '2026-11-20T10:00:00.000Z',
  zones: [{ hull_zone: 'rudder', x: 10, y: 100, width: 40, height: 80 }],
};
const ZONES = 'POST /api/vessels/4/ga-drawing/zones/update/';
const UPLOAD = 'POST /api/vessels/4/ga-drawing/';

function renderSection(role: string, current: GaDrawing | null = drawing) {
  const api = stubApi({
    'GET /api/organisation/': () => jsonResponse({ id: 1, name: 'Nordsee', role, members: 2, current: true }),
    'GET /api/vessels/4/ga-drawing/': () =>
      current ? jsonResponse(current) : jsonResponse({ detail: 'This vessel has no GA drawing.' }, 404),
    'GET /api/vessels/4/ga-drawing/image/': () =>
      Promise.resolve(new Response(new Blob(['png']), { headers: { 'content-type': 'image/png' } })),
    [ZONES]: (init) => jsonResponse({ ...drawing, ...(JSON.parse(String(init?.body)) as object) }),
    [UPLOAD]: () => jsonResponse(drawing, 201),
  });
  renderWithApp(<VesselGaDrawing vesselId={4} />);
  return api;
}

beforeEach(() => {
  Object.assign(URL, { createObjectURL: () => 'blob:drawing', revokeObjectURL: () => undefined });
});

describe('the vessel’s GA drawing', () => {
  it('shows the drawing with its zones and saves a zone typed in numbers', async () => {
    const api = renderSection('member');
    const figure = await screen.findByRole('img', { name: /GA drawing with its zones/ });
    expect(within(figure).getAllByText('Rudder')).not.toHaveLength(0);
    const rudder = figure.querySelector('[data-zone="rudder"] rect');
    expect([rudder?.getAttribute('x'), rudder?.getAttribute('width')]).toEqual(['10', '40']);
    expect(screen.getByText(/800×300 pixels, .* by Ada Surveyor; 1 zone placed/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Zone to place' }));
    await user.click(await screen.findByRole('option', { name: 'Bow' }));
    for (const [label, value] of [
      ['Left (px)', '500'],
      ['Top (px)', '20'],
      ['Width (px)', '200'],
      ['Height (px)', '90'],
    ] as const) {
      const field = screen.getByLabelText(label);
      await user.clear(field);
      await user.type(field, value);
    }
    await user.click(screen.getByRole('button', { name: 'Save zones' }));
    await waitFor(() => expect(api.calls.some((call) => call.key === ZONES)).toBe(true));
    const sent = JSON.parse(String(api.calls.find((call) => call.key === ZONES)!.init?.body)) as {
      zones: unknown[];
    };
    // In the order of the hull zones: bow before rudder.
    expect(sent.zones).toEqual([
      { hull_zone: 'bow', x: 500, y: 20, width: 200, height: 90 },
      drawing.zones[0],
    ]);
  });

  it('offers a member the upload when there is no drawing, and sends the file in the "drawing" field', async () => {
    const api = renderSection('member', null);
    expect(await screen.findByText(/No GA drawing yet/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText('GA drawing file'),
      new File(['png'], 'ga.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(api.calls.some((call) => call.key === UPLOAD)).toBe(true));
    const form = api.calls.find((call) => call.key === UPLOAD)!.init?.body as FormData;
    expect((form.get('drawing') as File).name).toBe('ga.png');
  });

  it('shows a viewer the drawing without the editor or the upload', async () => {
    renderSection('viewer');
    expect(await screen.findByRole('img', { name: /GA drawing with its zones/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save zones' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /GA drawing/ })).not.toBeInTheDocument();
  });
});
