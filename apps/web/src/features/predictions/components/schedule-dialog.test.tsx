import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { ScheduleDialog } from './schedule-dialog';

const stamp = '2025-01-01T00:00:00Z';
const model = (id: number, name: string, active: boolean) => ({
  id,
  name,
  architecture: 'unet',
  backbone: 'mobilenet',
  version: '1.0.0',
  filename: 'model.onnx',
  description: null,
  active,
  created_at: stamp,
  updated_at: stamp,
  classes: [],
});
const resolution = (id: number, display_name: string, price: number, active: boolean) => ({
  id,
  name: display_name.toLowerCase(),
  display_name,
  type: 'max',
  price,
  resolution: id === 1 ? 800 : 1920,
  active,
});
const thumbnails = [
  { id: 11, image_name: 'bow.jpg', base64_thumbnail: '/9j/AA', hull_zone: 'bow' as const },
  { id: 12, image_name: 'stern.jpg', base64_thumbnail: '/9j/AA', hull_zone: null },
];

function check(valid: boolean, message: string) {
  return { message, data: { credits: 50, images: [11, 12], required_credits: 2, valid } };
}

const details = (id: number, predictions: { model_id: number; resolution_id: number }[]) => ({
  id,
  image_name: `${id}.jpg`,
  uploaded_at: stamp,
  width: 100,
  height: 100,
  hull_zone: null,
  predictions: predictions.map((prediction, index) => ({ prediction_id: id * 10 + index, ...prediction })),
});

function setup(validations: ReturnType<typeof check>[]) {
  const api = stubApi({
    'GET /api/cvmodels/': () =>
      jsonResponse([model(1, 'Base', true), model(2, 'Retired', false), model(3, 'Evo', true)]),
    'GET /api/resolutions/': () =>
      jsonResponse([
        resolution(1, 'Standard', 1, true),
        resolution(2, 'Full HD', 3, true),
        resolution(9, 'Old', 1, false),
      ]),
    'POST /api/projects/5/validate-predict-request/': () => jsonResponse(validations.shift()),
    'POST /api/projects/5/request-predict/': () =>
      jsonResponse({ message: 'Prediction request 9 queued.', request_id: 9 }, 201),
  });
  const user = userEvent.setup();
  renderWithApp(
    <ScheduleDialog
      open
      projectId={5}
      thumbnails={thumbnails}
      imageDetails={[
        details(11, [{ model_id: 3, resolution_id: 2 }]),
        details(12, [{ model_id: 1, resolution_id: 2 }]),
      ]}
      onClose={() => undefined}
    />,
  );
  return { user, api };
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: RegExp | string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const button = (name: string) => screen.getByRole('button', { name });

describe('the schedule dialog (spec §4)', () => {
  it('offers only active models and resolutions, with the price per image', async () => {
    const { user } = setup([]);
    await user.click(screen.getByRole('combobox', { name: 'Model' }));
    const models = await screen.findAllByRole('option');
    expect(models.map((option) => option.textContent)).toEqual(['Base 1.0.0', 'Evo 1.0.0']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Resolution' }));
    const resolutions = await screen.findAllByRole('option');
    expect(resolutions.map((option) => option.textContent)).toEqual([
      'Standard: 1 credit per image',
      'Full HD: 3 credits per image',
    ]);
  });

  it('enables Validate only with a model, a resolution and at least one image', async () => {
    const { user } = setup([]);
    expect(button('Validate Data')).toBeDisabled();
    await choose(user, 'Model', 'Base 1.0.0');
    expect(button('Validate Data')).toBeDisabled();
    await choose(user, 'Resolution', /Standard/);
    expect(button('Validate Data')).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'bow.jpg' }));
    expect(button('Validate Data')).toBeEnabled();
    await user.click(button('Deselect All'));
    expect(button('Validate Data')).toBeDisabled();
    await user.click(button('Select All'));
    expect(screen.getByRole('checkbox', { name: 'bow.jpg' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'stern.jpg' })).toBeChecked();
    expect(button('Validate Data')).toBeEnabled();
  });

  it("lists only the chosen zone's images, and Select All takes only those (issue 45 §1)", async () => {
    const { user, api } = setup([check(true, 'The request is valid.')]);
    await choose(user, 'Model', 'Base 1.0.0');
    await choose(user, 'Resolution', /Standard/);
    await user.click(button('Select All'));
    await choose(user, 'Filter by zone', 'Bow (1)');
    expect(screen.getByRole('checkbox', { name: 'bow.jpg' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'stern.jpg' })).not.toBeInTheDocument();
    expect(button('Images: 1 of 1 selected')).toBeInTheDocument();
    await user.click(button('Validate Data'));
    await screen.findByText('The request is valid.');
    const validation = api.calls.find((call) => call.key.endsWith('validate-predict-request/'));
    expect(JSON.parse(String(validation?.init?.body)).images).toEqual([11]);
  });

  it('enables Run only after a valid validation and resets it on any change', async () => {
    const { user, api } = setup([
      check(true, 'The request is valid.'),
      check(true, 'The request is valid.'),
      check(true, 'The request is valid.'),
    ]);
    await choose(user, 'Model', 'Base 1.0.0');
    await choose(user, 'Resolution', /Standard/);
    await user.click(button('Select All'));
    expect(button('Run Prediction')).toBeDisabled();

    await user.click(button('Validate Data'));
    expect(await screen.findByText('The request is valid.')).toBeInTheDocument();
    expect(button('Run Prediction')).toBeEnabled();
    const validation = api.calls.find((call) => call.key.endsWith('validate-predict-request/'));
    expect(JSON.parse(String(validation?.init?.body))).toEqual({ model: 1, resolution: 1, images: [11, 12] });

    await choose(user, 'Resolution', /Full HD/);
    expect(button('Run Prediction')).toBeDisabled();
    expect(screen.queryByText('The request is valid.')).not.toBeInTheDocument();

    await user.click(button('Validate Data'));
    await screen.findByText('The request is valid.');
    await choose(user, 'Model', 'Evo 1.0.0');
    expect(button('Run Prediction')).toBeDisabled();

    await user.click(button('Validate Data'));
    await screen.findByText('The request is valid.');
    await user.click(screen.getByRole('checkbox', { name: 'stern.jpg' }));
    expect(button('Run Prediction')).toBeDisabled();
  });

  it('shows an invalid validation as a warning and keeps Run disabled', async () => {
    const { user } = setup([
      check(false, 'bow.jpg already has a prediction with this model and resolution.'),
    ]);
    await choose(user, 'Model', 'Base 1.0.0');
    await choose(user, 'Resolution', /Standard/);
    await user.click(screen.getByRole('checkbox', { name: 'bow.jpg' }));
    await user.click(button('Validate Data'));
    const alert = await screen.findByText('bow.jpg already has a prediction with this model and resolution.');
    expect(alert.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorWarning');
    expect(button('Run Prediction')).toBeDisabled();
  });

  it('schedules the run and reports the success', async () => {
    const { user, api } = setup([check(true, 'The request is valid.')]);
    await choose(user, 'Model', 'Evo 1.0.0');
    await choose(user, 'Resolution', /Full HD/);
    await user.click(button('Select All'));
    await user.click(button('Validate Data'));
    await screen.findByText('The request is valid.');
    await user.click(button('Run Prediction'));
    const toast = await screen.findByText('Prediction request 9 queued.');
    expect(
      within(toast.closest('[role=alert]') as HTMLElement).getByText('Prediction request 9 queued.'),
    ).toBeVisible();
    const run = api.calls.find(
      (call) => call.key.endsWith('request-predict/') && !call.key.includes('validate'),
    );
    expect(JSON.parse(String(run?.init?.body))).toEqual({ model: 3, resolution: 2, images: [11, 12] });
  });

  it("marks a model left empty 'Required'", async () => {
    const { user } = setup([]);
    await user.click(screen.getByRole('combobox', { name: 'Model' }));
    await user.keyboard('{Escape}');
    await user.tab();
    expect(await screen.findByText('Required')).toBeInTheDocument();
  });

  it("selects the images without the chosen model's prediction at the chosen resolution (issue 22)", async () => {
    const { user } = setup([]);
    const selectWithout = button('Select images without this prediction');
    expect(selectWithout).toBeDisabled();
    await choose(user, 'Model', 'Evo 1.0.0');
    await choose(user, 'Resolution', /^Full HD/);
    await user.click(selectWithout);
    const images = screen.getByRole('group', { name: 'Images to predict' });
    expect(within(images).getByRole('checkbox', { name: /bow\.jpg/ })).not.toBeChecked();
    expect(within(images).getByRole('checkbox', { name: /stern\.jpg/ })).toBeChecked();
    // Base at Full HD exists for stern only: now bow is the one without it.
    await choose(user, 'Model', 'Base 1.0.0');
    await user.click(selectWithout);
    expect(within(images).getByRole('checkbox', { name: /bow\.jpg/ })).toBeChecked();
    expect(within(images).getByRole('checkbox', { name: /stern\.jpg/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Images: 1 of 2 selected' })).toBeInTheDocument();
  });
});
