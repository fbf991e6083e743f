import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '@/testing/render';
import { UploadDialog } from './upload-dialog';

function file(name: string, type = 'image/jpeg'): File {
  return new File([new Uint8Array(100)], name, { type, lastModified: 1 });
}

/** Answers every upload with `status` and `body`, as the server would. */
function answerUploads(status: number, body: unknown) {
  class AnsweringXhr {
    upload: { onprogress: unknown } = { onprogress: null };
    status = status;
    statusText = status === 400 ? 'Bad Request' : 'Created';
    responseText = JSON.stringify(body);
    onload: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {}
    send() {
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', AnsweringXhr);
}

describe('what the upload dialog tells', () => {
  it('names every skipped file, each on its own line', async () => {
    stubApi({});
    renderWithApp(<UploadDialog open projectId={1} onClose={() => undefined} />);
    fireEvent.drop(screen.getByTestId('upload-drop-zone'), {
      dataTransfer: {
        files: [file('bow.jpg'), file('report.pdf', 'application/pdf'), file('notes.txt', 'text/plain')],
      },
    });
    // The open dialog hides the rest of the page from the accessibility tree, the toasts included.
    const toast = await screen.findByRole('alert', { hidden: true });
    expect(toast.textContent).toBe('Skipped 2 files that are not images:\nreport.pdf\nnotes.txt');
    expect(screen.getByText('bow.jpg')).toBeInTheDocument();
  });

  it('lists each refused file with its reason on its own line, in one toast', async () => {
    answerUploads(400, {
      images: [
        'cut.jpg: the image is damaged or incomplete.',
        'huge.png: the image has more than 100 million pixels.',
      ],
    });
    stubApi({});
    const user = userEvent.setup();
    renderWithApp(<UploadDialog open projectId={1} onClose={() => undefined} />);
    await user.upload(document.body.querySelector<HTMLInputElement>('input[type=file]')!, [
      file('cut.jpg'),
      file('huge.png', 'image/png'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const toast = await screen.findByRole('alert', { hidden: true });
    expect(toast.textContent).toBe(
      'Uploading Images failed:\ncut.jpg: the image is damaged or incomplete.\nhuge.png: the image has more than 100 million pixels.',
    );
    expect(toast.closest('[style*="pre-line"]') ?? toast.querySelector('[style*="pre-line"]')).not.toBeNull();
  });

  it('shows a long name by its start and extension and says it will be shortened', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithApp(<UploadDialog open projectId={1} onClose={() => undefined} />);
    const name = `MV-Nordstern_sea-chest-port_2026-11-24_${'diver-camera-'.repeat(15)}xxxxtake-3.jpg`;
    await user.upload(document.body.querySelector<HTMLInputElement>('input[type=file]')!, [file(name)]);
    const listed = screen.getByTitle(name);
    expect(listed.textContent).toMatch(/^MV-Nordstern_sea-chest-port_2026.*….*take-3\.jpg$/);
    expect(Array.from(listed.textContent ?? '')).toHaveLength(60);
    expect(
      screen.getByText(/longer than 200 characters: it is kept with its start and extension/),
    ).toBeVisible();
  });
});
