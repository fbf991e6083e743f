import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { DeleteImagesButton } from './delete-images-button';
import { ImagePager } from './image-pager';
import { ThumbnailGrid } from './thumbnail-grid';

const thumbnails = [
  { id: 11, image_name: 'bow.jpg', base64_thumbnail: '/9j/AA' },
  { id: 12, image_name: 'stern.jpg', base64_thumbnail: '/9j/AA' },
];

describe('the thumbnail grid (issue 22)', () => {
  it('marks each image with its number of predictions and ticks images without selecting them', async () => {
    stubApi({});
    const onSelect = vi.fn();
    const onCheck = vi.fn();
    renderWithApp(
      <ThumbnailGrid
        images={thumbnails}
        thumbnailOf={() => '/9j/AA'}
        selectedId={null}
        onSelect={onSelect}
        predictionCounts={
          new Map([
            [11, 2],
            [12, 0],
          ])
        }
        checked={new Set([12])}
        onCheck={onCheck}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]!).getByTestId('prediction-count')).toHaveTextContent('2');
    expect(within(items[0]!).getByTestId('prediction-count')).toHaveAttribute('title', '2 predictions');
    expect(within(items[1]!).getByTestId('prediction-count')).toHaveTextContent('0');
    expect(screen.getByRole('checkbox', { name: 'Select stern.jpg' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select bow.jpg' }));
    expect(onCheck).toHaveBeenCalledWith(11, true);
    expect(onSelect).not.toHaveBeenCalled();
    // The image buttons keep the image's name: the grid's selection works as before.
    await userEvent.click(screen.getByRole('button', { name: 'bow.jpg' }));
    expect(onSelect).toHaveBeenCalledWith(11);
  });
});

describe('deleting several images (issue 22)', () => {
  it("asks with the spec's confirmation, deletes each image and reports them, going on past a refusal", async () => {
    const { calls } = stubApi({
      'DELETE /api/projects/5/image/11/delete/': () =>
        jsonResponse({ message: 'Deleted image successfully' }),
      'DELETE /api/projects/5/image/12/delete/': () =>
        jsonResponse({ detail: 'This image is part of a running prediction.' }, 409),
      'DELETE /api/projects/5/image/13/delete/': () =>
        jsonResponse({ message: 'Deleted image successfully' }),
    });
    const onDeleted = vi.fn();
    const user = userEvent.setup();
    renderWithApp(
      <DeleteImagesButton projectId={5} imageIds={[11, 12, 13]} disabled={false} onDeleted={onDeleted} />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 3 images?' });
    expect(dialog).toHaveTextContent('This action is permanent!');
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith([11, 13]));
    expect(calls.map((call) => call.key)).toEqual([
      'DELETE /api/projects/5/image/11/delete/',
      'DELETE /api/projects/5/image/12/delete/',
      'DELETE /api/projects/5/image/13/delete/',
    ]);
    expect(await screen.findByText('Deleted 2 images successfully')).toBeInTheDocument();
    expect(
      screen.getByText(/^Image deletion failed: This image is part of a running prediction/),
    ).toBeInTheDocument();
  });

  it('is disabled with nothing ticked or while a run is going', () => {
    stubApi({});
    renderWithApp(
      <>
        <DeleteImagesButton projectId={5} imageIds={[]} disabled={false} onDeleted={() => undefined} />
        <DeleteImagesButton projectId={5} imageIds={[11]} disabled onDeleted={() => undefined} />
      </>,
    );
    for (const button of screen.getAllByRole('button', { name: 'Delete selected' }))
      expect(button).toBeDisabled();
  });
});

describe('previous and next image (issue 22)', () => {
  it('goes by buttons and by the arrow keys, but leaves the arrows to sliders and text fields', async () => {
    stubApi({});
    const onGo = vi.fn();
    /** The workspace: the image asked for becomes the one shown. */
    function Shown() {
      const [current, setCurrent] = useState(7);
      return (
        <ImagePager
          imageIds={[3, 7, 9]}
          currentId={current}
          onGo={(id) => {
            onGo(id);
            setCurrent(id);
          }}
        />
      );
    }
    renderWithApp(
      <>
        <Shown />
        <input aria-label="Search" />
        <div role="slider" tabIndex={0} aria-label="Opacity" aria-valuenow={1} />
      </>,
    );
    const position = screen.getByTestId('image-position');
    expect(position).toHaveTextContent('2 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(onGo).toHaveBeenLastCalledWith(9);
    expect(position).toHaveTextContent('3 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(onGo).toHaveBeenLastCalledWith(7);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(onGo).toHaveBeenLastCalledWith(3);
    expect(position).toHaveTextContent('1 of 3');
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(onGo).toHaveBeenLastCalledWith(7);
    onGo.mockClear();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Search' }), { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Opacity' }), { key: 'ArrowLeft' });
    expect(onGo).not.toHaveBeenCalled();
  });

  it('steps on from the image asked for when a second click or key comes before it is shown', () => {
    stubApi({});
    const onGo = vi.fn();
    // The image shown stays 3 throughout, as while the first navigation is still under way.
    renderWithApp(<ImagePager imageIds={[3, 7, 9]} currentId={3} onGo={onGo} />);
    const next = screen.getByRole('button', { name: 'Next image' });
    fireEvent.click(next);
    fireEvent.click(next);
    fireEvent.click(next);
    expect(onGo.mock.calls).toEqual([[7], [9]]);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(onGo).toHaveBeenLastCalledWith(7);
  });

  it('has no previous image at the first one and no next at the last', () => {
    stubApi({});
    renderWithApp(<ImagePager imageIds={[3, 7]} currentId={3} onGo={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Previous image' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next image' })).toBeEnabled();
  });
});
