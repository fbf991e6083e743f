import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { SelectedImagePanel } from './selected-image-panel';

const image = { id: 7, image_name: 'bow.jpg', base64_image: '/9j/AA', width: 800, height: 600 };

describe('the selected-image panel', () => {
  it('shows the hull zone and changes it through PATCH …/update/', async () => {
    const api = stubApi({
      'GET /api/projects/3/image/7/': () => jsonResponse({ ...image, hull_zone: 'bow' }),
      'PATCH /api/projects/3/image/7/update/': (init) =>
        jsonResponse({
          id: 7,
          image_name: 'bow.jpg',
          width: 800,
          height: 600,
          ...JSON.parse(String(init?.body)),
        }),
      'GET /api/projects/3/thumbnails/': () => jsonResponse([]),
    });
    const user = userEvent.setup();
    renderWithApp(
      <SelectedImagePanel
        projectId={3}
        imageId={7}
        requestRunning={false}
        predictionSelected={false}
        onDeleted={() => undefined}
      />,
    );
    const zone = await screen.findByRole('combobox', { name: 'Hull zone' });
    expect(zone).toHaveTextContent('Bow');

    await user.click(zone);
    await user.click(await screen.findByRole('option', { name: 'Bulbous bow' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Hull zone' })).toHaveTextContent('Bulbous bow'),
    );
    const patch = api.calls.find((call) => call.key === 'PATCH /api/projects/3/image/7/update/');
    expect(JSON.parse(String(patch?.init?.body))).toEqual({ hull_zone: 'bulbous_bow' });
    expect(await screen.findByText('Hull zone updated')).toBeInTheDocument();
  });

  it('shows an image without a zone as unassigned', async () => {
    stubApi({ 'GET /api/projects/3/image/7/': () => jsonResponse({ ...image, hull_zone: null }) });
    renderWithApp(
      <SelectedImagePanel
        projectId={3}
        imageId={7}
        requestRunning={false}
        predictionSelected={false}
        onDeleted={() => undefined}
      />,
    );
    expect(await screen.findByRole('combobox', { name: 'Hull zone' })).toHaveTextContent('Unassigned');
  });
});
