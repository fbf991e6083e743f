import type { GaDrawing, HullPlan, PlanPins } from '@hullscope/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { PlanPhotos } from './plan-photos';

// A port view 600 × 200 units: 5 units a metre along (stern at x 20), 10 a metre of height (keel at y 180).
const plan: HullPlan = {
  vessel: 1,
  scale: 5,
  vertical_scale: 10,
  views: [
    {
      view: 'port',
      title: 'Port side',
      width: 600,
      height: 200,
      outline: 'M0 0 L600 0 L600 200 Z',
      shapes: [
        { hull_zone: 'rudder', kind: 'niche', path: 'M20 20 L30 20 L30 30 Z', anchor: { x: 25, y: 25 } },
      ],
      marks: [],
      metres: {
        origin_x: 20,
        x_per_m: 5,
        origin_y: 180,
        y_per_m: -10,
        across: 'height_above_keel_m',
        max_from_aft_m: 100,
        across_min_m: 0,
        across_max_m: 12,
      },
    },
  ],
  legend: [{ hull_zone: 'rudder', label: 'Rudder', kind: 'niche' }],
  assumptions: [],
};

const answer: PlanPins = {
  plan,
  pins: [
    {
      number: 1,
      image_id: 7,
      image_name: 'rudder.jpg',
      hull_zone: 'rudder',
      placement: 'zone',
      view: 'port',
      x: 25,
      y: 25,
      from_aft_m: 1,
      across_m: 15.5,
    },
  ],
  unplaced: [{ image_id: 8, image_name: 'loose.jpg' }],
};
const UPDATE = 'PATCH /api/projects/3/image/7/plan-position/update/';

const gaDrawing: GaDrawing = {
  vessel: 1,
  width: 2200,
  height: 600,
  content_type: 'image/png',
  size_bytes: 100,
  uploaded_by: null,
  uploaded_at: '2026-11-20T10:00:00.000Z',
  zones: [{ hull_zone: 'rudder', x: 100, y: 200, width: 300, height: 100 }],
};

function renderPanel(role = 'member', withGaDrawing = false) {
  const api = stubApi({
    'GET /api/vessels/1/ga-drawing/': () =>
      withGaDrawing ? jsonResponse(gaDrawing) : jsonResponse({ detail: 'Not found.' }, 404),
    'GET /api/vessels/1/ga-drawing/image/': () => Promise.resolve(new Response(new Blob(['png']))),
    'GET /api/organisation/': () => jsonResponse({ id: 1, name: 'Nordsee', role, members: 2, current: true }),
    'GET /api/projects/3/plan-pins/': () => jsonResponse(answer),
    [UPDATE]: () => jsonResponse(answer),
  });
  const view = renderWithApp(
    <PlanPhotos projectId={3} enabled areas={{}} inspected={new Map()} onOpenImage={() => undefined} />,
  );
  const sent = () =>
    api.calls.filter((call) => call.key === UPDATE).map((call) => JSON.parse(String(call.init?.body)));
  return { ...view, sent };
}

describe("the inspection's photos on the plan", () => {
  it('sends a dragged pin as metres from the aft perpendicular and above the keel', async () => {
    const { container, sent } = renderPanel();
    const pin = await screen.findByRole('button', { name: 'Photo 1: rudder.jpg (placed by zone)' });
    expect(screen.getByText('Not on the plan (no zone): loose.jpg')).toBeInTheDocument();
    // Shown at full size at the page's corner: a pixel is a drawing unit.
    container.querySelector('svg')!.getBoundingClientRect = () =>
      ({ left: 0, top: 0, width: 600, height: 200 }) as DOMRect;
    fireEvent.pointerDown(pin, { pointerId: 1, clientX: 25, clientY: 25 });
    fireEvent.pointerMove(pin, { pointerId: 1, clientX: 120, clientY: 130 });
    fireEvent.pointerUp(pin, { pointerId: 1, clientX: 120, clientY: 130 });
    await waitFor(() =>
      expect(sent()).toEqual([{ placement: 'point', view: 'port', from_aft_m: 20, height_above_keel_m: 5 }]),
    );
  });

  it('places a focused photo by the numbers, or back by its zone', async () => {
    const { sent } = renderPanel();
    const user = userEvent.setup();
    const pin = await screen.findByRole('button', { name: /Photo 1/ });
    await user.tab();
    expect(pin).toHaveFocus();
    const form = screen.getByRole('region', { name: 'Place a photo' });
    const fromAft = within(form).getByLabelText('From aft perpendicular (m)');
    expect(fromAft).toHaveValue(1);
    await user.clear(fromAft);
    await user.type(fromAft, '42.5');
    const height = within(form).getByLabelText('Above keel (m)');
    await user.clear(height);
    await user.type(height, '3');
    await user.click(within(form).getByRole('button', { name: 'Place' }));
    await waitFor(() =>
      expect(sent()).toEqual([
        { placement: 'point', view: 'port', from_aft_m: 42.5, height_above_keel_m: 3 },
      ]),
    );
    await user.click(within(form).getByRole('button', { name: 'Back to Its Zone' }));
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toEqual({ placement: 'zone' });
  });

  it('lets a viewer open photos but not move them: no form, and a drag sends nothing', async () => {
    const { container, sent } = renderPanel('viewer');
    const pin = await screen.findByRole('button', { name: /Photo 1/ });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Place a photo' })).toBeNull());
    container.querySelector('svg')!.getBoundingClientRect = () =>
      ({ left: 0, top: 0, width: 600, height: 200 }) as DOMRect;
    fireEvent.pointerDown(pin, { pointerId: 1, clientX: 25, clientY: 25 });
    fireEvent.pointerMove(pin, { pointerId: 1, clientX: 120, clientY: 130 });
    fireEvent.pointerUp(pin, { pointerId: 1, clientX: 120, clientY: 130 });
    expect(pin).toHaveAttribute('transform', 'translate(25 25)');
    expect(sent()).toEqual([]);
  });

  it("shows the photos on the ship's GA drawing, each zone's at its rectangle's centre", async () => {
    Object.assign(URL, { createObjectURL: () => 'blob:drawing', revokeObjectURL: () => undefined });
    renderPanel('member', true);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Show the photos on' }));
    await user.click(await screen.findByRole('option', { name: "The ship's GA drawing" }));
    await screen.findByRole('group', { name: /GA drawing with its zones/ });
    // Pins are drawn twice as large on a drawing 2,200 pixels wide.
    expect(screen.getByRole('button', { name: /Photo 1: rudder\.jpg/ })).toHaveAttribute(
      'transform',
      'translate(250 250) scale(2)',
    );
  });

  it('offers no GA drawing view while the vessel has none', async () => {
    renderPanel();
    await screen.findByRole('button', { name: /Photo 1/ });
    expect(screen.queryByRole('combobox', { name: 'Show the photos on' })).toBeNull();
  });
});
