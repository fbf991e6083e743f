import type { FoulingRating, Vessel, VesselInspection } from '@hullscope/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { VesselRoute } from './vessel';
import { VesselsRoute } from './vessels';

/** The particulars (issue 40 §1) the vessel form sends as null while blank. */
const NO_PARTICULARS = {
  length_overall_m: null,
  beam_m: null,
  design_draught_m: null,
  propellers: null,
  bow_thrusters: null,
  stern_thrusters: null,
  sea_chests: null,
  sea_chest_side: null,
  bilge_keels: null,
  stabilisers: null,
  inspection_interval_days: null,
  idle_days: null,
  outside_operating_profile: null,
};

const nordstern: Vessel = {
  id: 7,
  name: 'MV Nordstern',
  imo_number: '9074729',
  flag: 'NO',
  vessel_type: 'Bulk carrier',
  gross_tonnage: 38500,
  antifouling_system: 'Silicone fouling-release, 2023',
  created_at: '2026-05-01T10:00:00.000Z',
  updated_at: '2026-05-01T10:00:00.000Z',
};
const tug: Vessel = {
  ...nordstern,
  id: 8,
  name: 'Tug 1',
  imo_number: null,
  flag: null,
  vessel_type: null,
  gross_tonnage: null,
  antifouling_system: null,
};
const countries = [
  { code: 'DE', name: 'Germany' },
  { code: 'NO', name: 'Norway' },
];

describe('the Vessels page (issue 18 §7)', () => {
  it('lists the vessels with IMO number, flag and type, each opening its page', async () => {
    stubApi({
      'GET /api/vessels/': () =>
        jsonResponse([
          { ...nordstern, inspections: [dryDock, survey, undated] },
          { ...tug, inspections: [] },
        ]),
      'GET /api/countries/': () => jsonResponse(countries),
    });
    renderWithApp(<VesselsRoute />);
    const row = await screen.findByRole('row', { name: /MV Nordstern/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'MV Nordstern',
      'IMO 9074729',
      'Norway',
      'Bulk carrier',
      '2026-03-15',
      'IMO rating 3: medium macrofouling',
      '',
      '',
    ]);
    expect(
      within(row).getByRole('img', { name: 'Macrofouling 7.5 % → 22.3 % over 2 rated inspections' }),
    ).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'MV Nordstern' })).toHaveAttribute('href', '/vessels/7/');
    expect(screen.getByRole('row', { name: /Tug 1/ })).toHaveTextContent('Tug 1——————');
  });

  it('says when there are no vessels yet', async () => {
    stubApi({
      'GET /api/vessels/': () => jsonResponse([]),
      'GET /api/countries/': () => jsonResponse(countries),
    });
    renderWithApp(<VesselsRoute />);
    expect(await screen.findByText(/No vessels yet/)).toBeInTheDocument();
  });

  it('adds a vessel through the dialog and reloads the list', async () => {
    let vessels = [nordstern];
    const api = stubApi({
      'GET /api/vessels/': () => jsonResponse(vessels),
      'GET /api/countries/': () => jsonResponse(countries),
      'POST /api/vessels/': () => {
        vessels = [nordstern, tug];
        return jsonResponse(tug, 201);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<VesselsRoute />);
    await user.click(await screen.findByRole('button', { name: 'Add Vessel' }));
    await user.type(screen.getByLabelText('Name', { exact: false }), 'Tug 1');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Vessel successfully created')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Tug 1/ })).toBeInTheDocument();
    const post = api.calls.find((call) => call.key === 'POST /api/vessels/');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      name: 'Tug 1',
      imo_number: null,
      flag: null,
      vessel_type: null,
      gross_tonnage: null,
      antifouling_system: null,
      ...NO_PARTICULARS,
    });
  });

  it("deletes a vessel only after the spec's confirmation", async () => {
    let vessels = [nordstern, tug];
    const api = stubApi({
      'GET /api/vessels/': () => jsonResponse(vessels),
      'GET /api/countries/': () => jsonResponse(countries),
      'DELETE /api/vessels/8/delete/': () => {
        vessels = [nordstern];
        return jsonResponse({ message: 'Vessel successfully deleted' });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<VesselsRoute />);
    await user.click(await screen.findByRole('button', { name: "Delete vessel 'Tug 1'" }));
    const dialog = screen.getByRole('dialog', { name: "Delete vessel 'Tug 1'?" });
    expect(dialog).toHaveTextContent('This action is permanent!');
    expect(api.calls.map((call) => call.key)).not.toContain('DELETE /api/vessels/8/delete/');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Vessel successfully deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Tug 1/ })).not.toBeInTheDocument());
  });

  it('edits a vessel: the dialog starts from its values and clears what is emptied', async () => {
    const api = stubApi({
      'GET /api/vessels/': () => jsonResponse([nordstern]),
      'GET /api/countries/': () => jsonResponse(countries),
      'PATCH /api/vessels/7/update/': () => jsonResponse({ ...nordstern, antifouling_system: null }),
    });
    const user = userEvent.setup();
    renderWithApp(<VesselsRoute />);
    await user.click(await screen.findByRole('button', { name: "Edit vessel 'MV Nordstern'" }));
    expect(screen.getByLabelText('IMO Number', { exact: false })).toHaveValue('9074729');
    expect(screen.getByLabelText('Gross Tonnage', { exact: false })).toHaveValue('38500');
    await user.clear(screen.getByLabelText('Antifouling System', { exact: false }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Vessel successfully updated')).toBeInTheDocument();
    const patch = api.calls.find((call) => call.key === 'PATCH /api/vessels/7/update/');
    expect(JSON.parse(String(patch?.init?.body))).toEqual({
      name: 'MV Nordstern',
      imo_number: '9074729',
      flag: 'NO',
      vessel_type: 'Bulk carrier',
      gross_tonnage: 38500,
      antifouling_system: null,
      ...NO_PARTICULARS,
    });
  });
});

/** A project as GET /api/projects/ answers it, naming `vessel`. */
const scale = 'IMO MEPC.378(80)' as const;
const rating = (
  value: 0 | 1 | 2 | 3 | 4,
  label: FoulingRating['label'],
  macrofouling: number,
): FoulingRating => ({
  scale,
  value,
  label,
  macrofouling_percentage: macrofouling,
  microfouling_percentage: 0,
});

/** An inspection of the vessel as the API answers it (oldest first in the vessel's list). */
function inspection(
  projectId: number,
  name: string,
  inspectionDate: string | null,
  method: VesselInspection['inspection_method'],
  overall: FoulingRating | null,
  addedPower: VesselInspection['added_power_estimate'] = null,
): VesselInspection {
  return {
    project: projectId,
    project_name: name,
    inspection_date: inspectionDate,
    location: 'Rotterdam',
    inspection_method: method,
    inspector: null,
    photos: 12,
    analysed_photos: overall ? 10 : 0,
    overall_rating: overall,
    macrofouling_percentage: overall ? overall.macrofouling_percentage : null,
    added_power_estimate: addedPower,
  };
}

const dryDock = inspection(
  1,
  'Dry dock 2025',
  '2025-04-02',
  'dry_dock',
  rating(2, 'Light macrofouling', 7.5),
  { central: 3.9, low: 2.5, high: 6.3 },
);
const survey = inspection(
  3,
  'In-water survey',
  '2026-03-15',
  'rov',
  rating(3, 'Medium macrofouling', 22.25),
  {
    central: 11.6,
    low: 7.3,
    high: 18.7,
  },
);
const undated = inspection(4, 'Undated', null, null, null);

describe("a vessel's page", () => {
  it('shows its details and says that no inspections are linked yet', async () => {
    stubApi({
      'GET /api/vessels/7/': () => jsonResponse({ ...nordstern, inspections: [] }),
      'GET /api/countries/': () => jsonResponse(countries),
    });
    renderWithApp(<VesselRoute />, { path: '/vessels/7/', route: '/vessels/:vesselId' });
    expect(await screen.findByRole('heading', { name: 'MV Nordstern' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Vessel Details' });
    expect(details).toHaveTextContent('IMO NumberIMO 9074729');
    expect(details).toHaveTextContent('Gross Tonnage38,500 GT');
    expect(details).toHaveTextContent('Antifouling SystemSilicone fouling-release, 2023');
    expect(await within(details).findByText('Norway')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Inspections' })).toHaveTextContent(
      /No inspections are linked to this vessel yet/,
    );
  });

  it('lists its inspections newest first with rating and macrofouling, each linking to its project, under the trend', async () => {
    stubApi({
      'GET /api/vessels/7/': () => jsonResponse({ ...nordstern, inspections: [dryDock, survey, undated] }),
      'GET /api/countries/': () => jsonResponse(countries),
    });
    renderWithApp(<VesselRoute />, { path: '/vessels/7/', route: '/vessels/:vesselId' });
    const table = await screen.findByRole('table', { name: 'Inspections of this vessel' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Not recorded', 'Undated', 'Rotterdam', '', '', '0 of 12', 'IMO rating: not rated', '–', '–'],
      [
        '2026-03-15',
        'In-water survey',
        'Rotterdam',
        'ROV (remotely operated vehicle)',
        '',
        '10 of 12',
        'IMO rating 3: medium macrofouling',
        '22.3 %',
        '≈ 11.6 % (7.3–18.7 %)',
      ],
      [
        '2025-04-02',
        'Dry dock 2025',
        'Rotterdam',
        'Dry dock',
        '',
        '10 of 12',
        'IMO rating 2: light macrofouling',
        '7.5 %',
        '≈ 3.9 % (2.5–6.3 %)',
      ],
    ]);
    expect(within(table).getByRole('link', { name: 'In-water survey' })).toHaveAttribute(
      'href',
      '/projects/3/',
    );
    // The trend places the dated, rated inspections in order; the undated one is left out.
    expect(
      within(screen.getByRole('region', { name: 'Fouling trend' })).getByRole('img', {
        name: 'Fouling trend: Macrofouling 7.5 % → 22.3 % over 2 rated inspections',
      }),
    ).toBeInTheDocument();
  });

  it('is not found for an unknown or malformed id', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = stubApi({
      'GET /api/vessels/99/': () => jsonResponse({ detail: 'Not found.' }, 404),
      'GET /api/countries/': () => jsonResponse(countries),
    });
    const { unmount } = renderWithApp(<VesselRoute />, { path: '/vessels/99/', route: '/vessels/:vesselId' });
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('the vessel'), expect.anything());
    unmount();
    renderWithApp(<VesselRoute />, { path: '/vessels/abc/', route: '/vessels/:vesselId' });
    expect(screen.getByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
    expect(api.calls.map((call) => call.key)).not.toContain('GET /api/vessels/abc/');
  });
});
