import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { ProjectFormDialog, type ProjectFormValues } from './project-form-dialog';

const empty: ProjectFormValues = { name: '', location: '', description: '' };

function renderDialog(onSubmit = vi.fn(), initialValues: ProjectFormValues = empty) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  renderWithApp(
    <ProjectFormDialog
      open
      title="Create Project"
      submitLabel="Create"
      initialValues={initialValues}
      busy={false}
      onSubmit={onSubmit}
      onClose={() => undefined}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** A vessel as GET /api/vessels/ answers it. */
function vessel(id: number, name: string, imoNumber: string | null) {
  return {
    id,
    name,
    imo_number: imoNumber,
    flag: null,
    vessel_type: null,
    gross_tonnage: null,
    antifouling_system: null,
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-01T08:00:00.000Z',
  };
}

/** GET /api/vessels/ failing (the list cannot be read). */
const noVessels = () => stubApi({ 'GET /api/vessels/': () => jsonResponse({ detail: 'Not found.' }, 404) });

describe('the project form', () => {
  it("needs a name and a location ('Please enter a name' / 'Please enter a location')", async () => {
    noVessels();
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithApp(
      <ProjectFormDialog
        open
        title="Create Project"
        submitLabel="Create"
        initialValues={empty}
        busy={false}
        onSubmit={onSubmit}
        onClose={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please enter a name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a location')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name', { exact: false }), 'Baltic Trader');
    await user.type(screen.getByLabelText('Location', { exact: false }), 'Kiel');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { name: 'Baltic Trader', location: 'Kiel', description: '' },
      expect.anything(),
    );
  });

  it('has an optional "Inspection details" section with human labels, sent as the API takes it', async () => {
    noVessels();
    const { onSubmit, user } = renderDialog();
    const section = screen.getByRole('group', { name: 'Inspection details' });
    expect(within(section).getByLabelText('Inspection date')).toHaveAttribute('type', 'date');
    await user.type(screen.getByLabelText('Name', { exact: false }), 'Baltic Trader');
    await user.type(screen.getByLabelText('Location', { exact: false }), 'Kiel');

    await user.click(screen.getByRole('combobox', { name: 'Inspection method' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Not recorded',
      'Diver',
      'ROV (remotely operated vehicle)',
      'Drone',
      'Dry dock',
      'Crew camera',
      'Other',
    ]);
    await user.click(screen.getByRole('option', { name: 'Dry dock' }));
    await choose(user, 'Visibility', 'Poor');
    fireEvent.change(screen.getByLabelText('Inspection date'), { target: { value: '2025-03-14' } });
    await user.type(screen.getByLabelText('Inspector'), 'Hull Divers Kiel');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalledWith(
      {
        name: 'Baltic Trader',
        location: 'Kiel',
        description: '',
        inspection_date: '2025-03-14',
        inspection_method: 'dry_dock',
        inspector: 'Hull Divers Kiel',
        visibility: 'poor',
      },
      expect.anything(),
    );
  });

  it('refuses a future inspection date on the field, and clears choices back to null', async () => {
    noVessels();
    const { onSubmit, user } = renderDialog(vi.fn(), {
      name: 'Survey',
      location: 'Kiel',
      description: '',
      inspection_date: '2024-01-02',
      inspection_method: 'diver',
      inspector: 'Ada',
      visibility: 'good',
    });
    fireEvent.change(screen.getByLabelText('Inspection date'), { target: { value: '2999-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The inspection date cannot be in the future.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Inspection date'), { target: { value: '' } });
    await choose(user, 'Inspection method', 'Not recorded');
    await choose(user, 'Visibility', 'Not recorded');
    await user.clear(screen.getByLabelText('Inspector'));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        inspection_date: null,
        inspection_method: null,
        inspector: null,
        visibility: null,
      }),
      expect.anything(),
    );
  });

  it('offers the vessels GET /api/vessels/ answers', async () => {
    stubApi({
      'GET /api/vessels/': () =>
        jsonResponse([vessel(4, 'MV Nordstern', '9074729'), vessel(9, 'MV Südstern', null)]),
    });
    const { onSubmit, user } = renderDialog(vi.fn(), { ...empty, name: 'Survey', location: 'Kiel' });
    await user.click(await screen.findByRole('combobox', { name: 'Vessel' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Not recorded',
      'MV Nordstern',
      'MV Südstern',
    ]);
    await user.click(screen.getByRole('option', { name: 'MV Südstern' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ vessel: 9 }), expect.anything());
  });

  it('shows no vessel select when the vessels cannot be read', async () => {
    const api = noVessels();
    renderDialog();
    await waitFor(() => expect(api.calls.map((call) => call.key)).toContain('GET /api/vessels/'));
    expect(screen.getByRole('combobox', { name: 'Inspection method' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Vessel' })).not.toBeInTheDocument();
  });
});
