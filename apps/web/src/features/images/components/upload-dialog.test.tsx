import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { perFileProgress, UploadDialog } from './upload-dialog';

function image(name: string, bytes = 1000): File {
  return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg', lastModified: 1 });
}

describe('the upload dialog', () => {
  it('keeps Upload disabled until images are chosen, and adds them cumulatively', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithApp(<UploadDialog open projectId={1} onClose={() => undefined} />);
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    const input = document.body.querySelector<HTMLInputElement>('input[type=file]');
    expect(input).not.toBeNull();
    await user.upload(input!, [image('hull-1.jpg')]);
    await user.upload(input!, [image('hull-2.jpg'), image('hull-1.jpg')]);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('hull-1.jpg'),
      expect.stringContaining('hull-2.jpg'),
    ]);
    expect(upload).toBeEnabled();
  });

  it('takes images dropped on it', () => {
    stubApi({});
    renderWithApp(<UploadDialog open projectId={1} onClose={() => undefined} />);
    fireEvent.drop(screen.getByTestId('upload-drop-zone'), {
      dataTransfer: { files: [image('dropped.png')] },
    });
    expect(screen.getByText('dropped.png')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress of dropped.png' })).toBeInTheDocument();
  });
});

describe('the zone of an upload', () => {
  it('offers the hull zones by label and sends the chosen one as the form field hull_zone', async () => {
    const forms: FormData[] = [];
    /** Records the form an upload sends and answers 201. */
    class RecordingXhr {
      upload: { onprogress: unknown } = { onprogress: null };
      status = 201;
      statusText = 'Created';
      responseText = JSON.stringify({
        message: 'Uploaded images successfully',
        data: [{ id: 1, name: 'a.jpg' }],
      });
      onload: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      abort() {}
      send(body: FormData) {
        forms.push(body);
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('XMLHttpRequest', RecordingXhr);
    stubApi({ 'GET /api/projects/1/thumbnails/': () => jsonResponse([]) });
    const user = userEvent.setup();
    renderWithApp(<UploadDialog open projectId={1} onClose={() => undefined} />);
    await user.click(screen.getByRole('combobox', { name: 'Hull zone' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toHaveLength(20);
    expect(options.slice(0, 4)).toEqual([
      'Unassigned',
      'Flat bottom',
      'Vertical side (port)',
      'Vertical side (starboard)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Sea chest' }));
    await user.upload(document.body.querySelector<HTMLInputElement>('input[type=file]')!, [image('a.jpg')]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(forms).toHaveLength(1));
    expect(forms[0]!.get('hull_zone')).toBe('sea_chest');
    expect(forms[0]!.getAll('images')).toHaveLength(1);
  });
});

describe('per-file upload progress', () => {
  it('splits the bytes sent over the files in order', () => {
    expect(perFileProgress([100, 300], 0, 500)).toEqual([0, 0]);
    expect(perFileProgress([100, 300], 125, 500)).toEqual([100, 0]);
    expect(perFileProgress([100, 300], 250, 500)).toEqual([100, 33]);
    expect(perFileProgress([100, 300], 500, 500)).toEqual([100, 100]);
  });
});
