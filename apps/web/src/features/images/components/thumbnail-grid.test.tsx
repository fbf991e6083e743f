import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { ThumbnailGrid } from './thumbnail-grid';

const images = Array.from({ length: 6 }, (_, index) => ({
  id: index + 1,
  image_name: `hull-${index + 1}.jpg`,
  hull_zone: null,
}));

function renderGrid(selectedId: number | null) {
  const onSelect = vi.fn();
  renderWithApp(
    <ThumbnailGrid
      images={images}
      thumbnailOf={() => undefined}
      selectedId={selectedId}
      onSelect={onSelect}
      checked={new Set()}
      onCheck={vi.fn()}
    />,
  );
  const list = screen.getByRole('list', { name: 'Project images' });
  return { onSelect, tabStops: () => list.querySelectorAll('[tabindex="0"]') };
}

const tile = (name: string) => screen.getByRole('button', { name });

describe('the image grid by keyboard (issue 45 §15)', () => {
  it('is one tab stop, the selected tile, with its check box', () => {
    const { tabStops } = renderGrid(3);
    expect([...tabStops()].map((element) => element.getAttribute('aria-label'))).toEqual([
      'hull-3.jpg',
      'Select hull-3.jpg',
    ]);
  });

  it('moves between tiles by the arrow keys, Home and End, opening each and taking the tab stop along', async () => {
    const { onSelect, tabStops } = renderGrid(null);
    const user = userEvent.setup();
    await user.tab();
    expect(tile('hull-1.jpg')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tile('hull-2.jpg')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(tile('hull-4.jpg')).toHaveFocus();
    expect(onSelect.mock.calls.map(([id]) => id)).toEqual([2, 4]);
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(tile('hull-1.jpg')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tile('hull-6.jpg')).toHaveFocus();
    expect(tabStops()).toHaveLength(2);
    expect(tile('hull-6.jpg')).toHaveAttribute('tabindex', '0');
    await user.keyboard('{Home}');
    expect(tile('hull-1.jpg')).toHaveFocus();
  });
});
