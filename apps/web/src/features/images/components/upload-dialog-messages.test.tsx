import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '@/testing/render';
import { UploadDialog } from './upload-dialog';

function file(name: string, type = 'image/jpeg'): File {
  return new File([new Uint8Array(100)], name, { type, lastModified: 1 });
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
    expect(toast.textContent).toBe('Skipped 2 files that are not images or videos:\nreport.pdf\nnotes.txt');
    expect(screen.getByText('bow.jpg')).toBeInTheDocument();
  });

  // Refused files are listed in the dialog's upload report, one per line with the reason: see
  // upload-dialog.test.tsx (a survey-size upload).

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
