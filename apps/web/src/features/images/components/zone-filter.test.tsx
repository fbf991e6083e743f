import type { ImageThumbnail } from '@hullscope/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { ThumbnailGrid } from './thumbnail-grid';
import { ZoneFilter, type ZoneFilterValue, filterByZone } from '@/components/form/zone-filter';

const thumbnail = (id: number, hull_zone: ImageThumbnail['hull_zone']): ImageThumbnail => ({
  id,
  image_name: `hull-${id}.jpg`,
  base64_thumbnail: '/9j/AA',
  hull_zone,
});
const thumbnails = [
  thumbnail(1, 'sea_chest'),
  thumbnail(2, null),
  thumbnail(3, 'flat_bottom'),
  thumbnail(4, 'sea_chest'),
  { id: 5, image_name: 'older-api.jpg', base64_thumbnail: '/9j/AA' },
];

/** The grid with its filter, as the projects page composes them. */
function FilteredGrid() {
  const [filter, setFilter] = useState<ZoneFilterValue>('all');
  return (
    <>
      <ZoneFilter thumbnails={thumbnails} value={filter} onChange={setFilter} />
      <ThumbnailGrid
        images={filterByZone(thumbnails, filter)}
        thumbnailOf={() => '/9j/AA'}
        selectedId={null}
        onSelect={() => undefined}
        emptyText="No images in this zone."
      />
    </>
  );
}

const shownNames = () =>
  screen.queryAllByRole('listitem').map((item) => item.textContent?.match(/[\w-]+\.jpg/)?.[0]);

describe('the zone filter of the thumbnail grid', () => {
  it('filters by zone: all, unassigned (no zone at all counts too), or one zone', () => {
    expect(filterByZone(thumbnails, 'all')).toHaveLength(5);
    expect(filterByZone(thumbnails, 'unassigned').map((entry) => entry.id)).toEqual([2, 5]);
    expect(filterByZone(thumbnails, 'sea_chest').map((entry) => entry.id)).toEqual([1, 4]);
    expect(filterByZone(thumbnails, 'propeller')).toEqual([]);
  });

  it("offers the project's zones by label with counts, in hull order, and shows each zone's images", async () => {
    const user = userEvent.setup();
    renderWithApp(<FilteredGrid />);
    expect(shownNames()).toEqual(['hull-1.jpg', 'hull-2.jpg', 'hull-3.jpg', 'hull-4.jpg', 'older-api.jpg']);
    expect(screen.getAllByText('Sea chest')).toHaveLength(2);

    await user.click(screen.getByRole('combobox', { name: 'Filter by zone' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'All zones (5)',
      'Unassigned (2)',
      'Flat bottom (1)',
      'Sea chest (2)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Sea chest (2)' }));
    expect(shownNames()).toEqual(['hull-1.jpg', 'hull-4.jpg']);

    await user.click(screen.getByRole('combobox', { name: 'Filter by zone' }));
    await user.click(await screen.findByRole('option', { name: 'Unassigned (2)' }));
    expect(shownNames()).toEqual(['hull-2.jpg', 'older-api.jpg']);

    await user.click(screen.getByRole('combobox', { name: 'Filter by zone' }));
    await user.click(await screen.findByRole('option', { name: 'All zones (5)' }));
    expect(shownNames()).toHaveLength(5);
  });

  it('says so when no image is left in the chosen zone', () => {
    renderWithApp(
      <ThumbnailGrid
        images={filterByZone(thumbnails, 'rudder')}
        thumbnailOf={() => '/9j/AA'}
        selectedId={null}
        onSelect={() => undefined}
        emptyText="No images in this zone."
      />,
    );
    expect(screen.getByText('No images in this zone.')).toBeInTheDocument();
  });
});
