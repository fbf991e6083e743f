import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-errors';
import { renderWithApp } from '@/testing/render';
import { VesselFormDialog, emptyVesselValues } from './vessel-form-dialog';

const countries = [
  { code: 'DE', name: 'Germany' },
  { code: 'NO', name: 'Norway' },
];

function show(onSave: (values: unknown) => Promise<unknown>) {
  renderWithApp(
    <VesselFormDialog
      open
      title="Add Vessel"
      submitLabel="Add"
      initialValues={emptyVesselValues}
      countries={countries}
      failureText="Vessel creation failed"
      onSave={onSave}
      onClose={() => undefined}
    />,
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: false });

/** The particulars (issue 40 §1) a form left blank sends as null. */
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

describe('the vessel form', () => {
  it("needs a name, and checks the IMO number's check digit and the gross tonnage", async () => {
    const onSave = vi.fn(async () => undefined);
    const user = userEvent.setup();
    show(onSave);
    await user.type(field('IMO Number'), 'IMO 9074728');
    await user.type(field('Gross Tonnage'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please enter a name')).toBeInTheDocument();
    expect(
      screen.getByText('IMO 9074728: the check digit should be 9 — please check the number'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please enter a whole number')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.type(field('Name'), 'MV Nordstern');
    await user.clear(field('IMO Number'));
    await user.type(field('IMO Number'), 'IMO 9074729');
    await user.clear(field('Gross Tonnage'));
    await user.type(field('Gross Tonnage'), '38500');
    await user.type(field('Vessel Type'), 'Bulk carrier');
    await user.click(screen.getByRole('combobox', { name: 'Flag' }));
    await user.click(await screen.findByRole('option', { name: 'Norway' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSave).toHaveBeenCalledWith({
      name: 'MV Nordstern',
      imo_number: '9074729',
      flag: 'NO',
      vessel_type: 'Bulk carrier',
      gross_tonnage: 38500,
      antifouling_system: null,
      ...NO_PARTICULARS,
    });
  });

  it('keeps the general message for an IMO number that is not seven digits (issue 45 §11)', async () => {
    const user = userEvent.setup();
    show(vi.fn(async () => undefined));
    await user.type(field('IMO Number'), '907472');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please enter a valid IMO number')).toBeInTheDocument();
  });

  it('takes gross tonnage with digit groups, and refuses a decimal (issue 45 §11)', async () => {
    const onSave = vi.fn(async () => undefined);
    const user = userEvent.setup();
    show(onSave);
    await user.type(field('Name'), 'MV Nordstern');
    await user.type(field('Gross Tonnage'), '24,5');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please enter a whole number')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    for (const typed of ['24,500', '24 500']) {
      await user.clear(field('Gross Tonnage'));
      await user.type(field('Gross Tonnage'), typed);
      await user.click(screen.getByRole('button', { name: 'Add' }));
      expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ gross_tonnage: 24_500 }));
    }
  });

  it('sends blank optional fields as null', async () => {
    const onSave = vi.fn(async () => undefined);
    const user = userEvent.setup();
    show(onSave);
    await user.type(field('Name'), 'Tug 1');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSave).toHaveBeenCalledWith({
      name: 'Tug 1',
      imo_number: null,
      flag: null,
      vessel_type: null,
      gross_tonnage: null,
      antifouling_system: null,
      ...NO_PARTICULARS,
    });
  });

  it('reads the particulars: a decimal comma, counts, the side and yes/no; out of range is refused on the field', async () => {
    const onSave = vi.fn(async () => undefined);
    const user = userEvent.setup();
    show(onSave);
    await user.type(field('Name'), 'MV Plan');
    await user.type(field('Length Overall (m)'), '189,9');
    await user.type(field('Beam (m)'), '90');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Ensure this value is less than or equal to 80.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(field('Beam (m)'));
    await user.type(field('Beam (m)'), '32.26');
    await user.type(field('Sea Chests'), '3');
    await user.click(screen.getByRole('combobox', { name: 'Sea Chest Side' }));
    await user.click(await screen.findByRole('option', { name: 'Port and starboard' }));
    await user.click(screen.getByRole('combobox', { name: 'Stabilisers' }));
    await user.click(await screen.findByRole('option', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        length_overall_m: 189.9,
        beam_m: 32.26,
        sea_chests: 3,
        sea_chest_side: 'both',
        stabilisers: true,
        bilge_keels: null,
      }),
    );
  });

  it("shows the API's field errors under their fields, and the failure as a toast", async () => {
    const taken = 'You already have a vessel with this IMO number.';
    const onSave = vi.fn(async () => {
      throw new ApiError(400, { imo_number: [taken] }, `imo_number: ${taken}`);
    });
    const user = userEvent.setup();
    show(onSave);
    await user.type(field('Name'), 'Twin');
    await user.type(field('IMO Number'), '9074729');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(field('IMO Number')).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText(`Vessel creation failed: IMO Number: ${taken}`)).toBeInTheDocument();
  });
});
