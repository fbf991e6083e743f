import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '@/testing/render';
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

describe('per-file upload progress', () => {
  it('splits the bytes sent over the files in order', () => {
    expect(perFileProgress([100, 300], 0, 500)).toEqual([0, 0]);
    expect(perFileProgress([100, 300], 125, 500)).toEqual([100, 0]);
    expect(perFileProgress([100, 300], 250, 500)).toEqual([100, 33]);
    expect(perFileProgress([100, 300], 500, 500)).toEqual([100, 100]);
  });
});
