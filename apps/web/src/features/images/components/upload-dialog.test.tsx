import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { UploadDialog } from './upload-dialog';

function image(name: string, bytes = 1000): File {
  return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg', lastModified: 1 });
}

/** A small image whose content (and so hash) is its text. */
function photo(name: string, content = name): File {
  return new File([content], name, { type: 'image/jpeg', lastModified: 1 });
}

const LIMITS = { max_files: 20, max_file_bytes: 50 * 1024 * 1024, max_pixels: 100_000_000 };

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

  it('takes images dropped on it', async () => {
    stubApi({});
    renderWithApp(<UploadDialog open projectId={1} onClose={() => undefined} />);
    fireEvent.drop(screen.getByTestId('upload-drop-zone'), {
      dataTransfer: { files: [image('dropped.png')] },
    });
    expect(await screen.findByText('dropped.png')).toBeInTheDocument();
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
    stubApi({
      'GET /api/upload-limits/': () => jsonResponse(LIMITS),
      'GET /api/projects/1/image-hashes/': () => jsonResponse([]),
      'GET /api/projects/1/thumbnails/': () => jsonResponse([]),
    });
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

/** An upload server in the browser's XMLHttpRequest: refuses requests with a "broken" file, names it. */
function serverXhr(requests: string[][]) {
  return class ServerXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    status = 0;
    statusText = '';
    responseText = '';
    onload: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {}
    send(body: FormData) {
      const names = body.getAll('images').map((entry) => (entry as File).name);
      requests.push(names);
      const broken = names.filter((name) => name.startsWith('broken'));
      if (broken.length > 0) {
        this.status = 400;
        this.statusText = 'Bad Request';
        this.responseText = JSON.stringify({
          images: broken.map((name) => `${name}: the file is not a supported image`),
        });
      } else {
        this.status = 201;
        this.statusText = 'Created';
        this.responseText = JSON.stringify({
          message: 'Uploaded images successfully',
          data: names.map((name, index) => ({ id: index + 1, name })),
        });
      }
      queueMicrotask(() => this.onload?.());
    }
  };
}

describe('a survey-size upload in the dialog', () => {
  it("sends batches within the server's limit and lists refused and skipped files, one per line", async () => {
    const requests: string[][] = [];
    vi.stubGlobal('XMLHttpRequest', serverXhr(requests));
    const known = createHash('sha256').update('already there').digest('hex');
    stubApi({
      'GET /api/upload-limits/': () => jsonResponse({ ...LIMITS, max_files: 2 }),
      'GET /api/projects/1/image-hashes/': () =>
        jsonResponse([{ id: 9, image_name: 'old.jpg', content_sha256: known }]),
      'GET /api/projects/1/thumbnails/': () => jsonResponse([]),
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<UploadDialog open projectId={1} onClose={onClose} />);
    await user.upload(document.body.querySelector<HTMLInputElement>('input[type=file]')!, [
      photo('a.jpg'),
      photo('b.jpg'),
      photo('broken.jpg'),
      photo('copy-of-old.jpg', 'already there'),
      photo('c.jpg'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const report = await screen.findByRole('status', { name: 'Upload report' });
    expect(report).toHaveTextContent('Stored 3 of 5 files.');
    expect(screen.getByLabelText('Refused (1)').textContent).toBe(
      'broken.jpg: the file is not a supported image',
    );
    expect(screen.getByLabelText('Skipped (1)').textContent).toBe('copy-of-old.jpg: already in the project');
    // At most two files a request; the refused request is sent again without the broken file.
    expect(requests).toEqual([['a.jpg', 'b.jpg'], ['broken.jpg', 'c.jpg'], ['c.jpg']]);
    expect(screen.getByRole('progressbar', { name: 'Overall upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when every file is already in the project, and sends nothing', async () => {
    const requests: string[][] = [];
    vi.stubGlobal('XMLHttpRequest', serverXhr(requests));
    const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');
    stubApi({
      'GET /api/upload-limits/': () => jsonResponse(LIMITS),
      'GET /api/projects/1/image-hashes/': () =>
        jsonResponse([
          { id: 1, image_name: 'a.jpg', content_sha256: hashOf('a.jpg') },
          { id: 2, image_name: 'b.jpg', content_sha256: hashOf('b.jpg') },
        ]),
    });
    const user = userEvent.setup();
    renderWithApp(<UploadDialog open projectId={1} onClose={() => undefined} />);
    await user.upload(document.body.querySelector<HTMLInputElement>('input[type=file]')!, [
      photo('a.jpg'),
      photo('b.jpg'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const report = await screen.findByRole('status', { name: 'Upload report' });
    expect(report).toHaveTextContent('Nothing new was stored: all 2 files are already in the project.');
    expect(requests).toEqual([]);
  });

  it('keeps the chosen files and names the reason when the limits cannot be read', async () => {
    stubApi({
      'GET /api/upload-limits/': () => jsonResponse({ detail: 'Not found.' }, 404),
      'GET /api/projects/1/image-hashes/': () => jsonResponse({ detail: 'Not found.' }, 404),
    });
    const user = userEvent.setup();
    renderWithApp(<UploadDialog open projectId={1} onClose={() => undefined} />);
    await user.upload(document.body.querySelector<HTMLInputElement>('input[type=file]')!, [photo('a.jpg')]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Uploading Images failed: Not found.')).toBeInTheDocument();
    expect(screen.getByText('a.jpg')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });
});
