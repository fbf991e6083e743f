import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { SetZoneButton } from './set-zone-button';

async function setZone(zone: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Set hull zone' }));
  const dialog = await screen.findByRole('dialog', { name: 'Set the hull zone of 3 images' });
  await user.click(within(dialog).getByRole('combobox', { name: 'Hull zone' }));
  await user.click(await screen.findByRole('option', { name: zone }));
  await user.click(within(dialog).getByRole('button', { name: 'Set zone' }));
}

describe('Set hull zone (issue 45 §1)', () => {
  it('sets the zone of every checked image in one call', async () => {
    const { calls } = stubApi({
      'PATCH /api/projects/5/images/update/': () => jsonResponse({ updated: 3, hull_zone: 'bow' }),
    });
    renderWithApp(<SetZoneButton projectId={5} imageIds={[3, 4, 9]} />);
    await setZone('Bow');
    expect(await screen.findByText('3 images now in Bow')).toBeInTheDocument();
    expect(calls.map((call) => [call.key, JSON.parse(String(call.init?.body))])).toEqual([
      ['PATCH /api/projects/5/images/update/', { images: [3, 4, 9], hull_zone: 'bow' }],
    ]);
  });

  it('clears the zone with Unassigned and says why the server refused', async () => {
    const { calls } = stubApi({
      'PATCH /api/projects/5/images/update/': () =>
        jsonResponse({ images: ['9 is not an image of this project: no zone was changed.'] }, 400),
    });
    renderWithApp(<SetZoneButton projectId={5} imageIds={[3, 4, 9]} />);
    await setZone('Unassigned');
    expect(
      await screen.findByText(
        /Setting the hull zone failed: .*9 is not an image of this project: no zone was changed\./,
      ),
    ).toBeInTheDocument();
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({ images: [3, 4, 9], hull_zone: null });
  });

  it('is disabled without a checked image', () => {
    stubApi({});
    renderWithApp(<SetZoneButton projectId={5} imageIds={[]} />);
    expect(screen.getByRole('button', { name: 'Set hull zone' })).toBeDisabled();
  });
});
