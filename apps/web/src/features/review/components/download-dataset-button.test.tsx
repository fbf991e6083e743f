import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { DownloadDatasetButton } from './download-dataset-button';

const queue = (reviewed: number) => () => jsonResponse({ items: [], counts: { reviewed, total: 4 } });

const zip = () =>
  new Response(new Blob(['PK'], { type: 'application/zip' }), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': 'attachment; filename="dataset-5.zip"',
    },
  });

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:dataset'), revokeObjectURL: () => undefined }),
  );
});

describe('Download reviewed dataset (issue 39 §5)', () => {
  it('is disabled with the reason while no photo is reviewed', async () => {
    const { calls } = stubApi({ 'GET /api/projects/5/review-queue/': queue(0) });
    renderWithApp(<DownloadDatasetButton projectId={5} />);
    const reason = await screen.findByTestId('dataset-reason');
    expect(reason).toHaveTextContent('No photo is reviewed yet');
    const button = screen.getByRole('button', { name: 'Download reviewed dataset' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/No photo is reviewed yet/);
    expect(calls.map((call) => call.key)).toEqual(['GET /api/projects/5/review-queue/']);
  });

  it('downloads the ZIP once a photo is reviewed', async () => {
    const { calls } = stubApi({
      'GET /api/projects/5/review-queue/': queue(2),
      'GET /api/projects/5/dataset/': () => zip(),
    });
    renderWithApp(<DownloadDatasetButton projectId={5} />);
    const button = screen.getByRole('button', { name: 'Download reviewed dataset' });
    await vi.waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByTestId('dataset-reason')).toBeNull();
    await userEvent.setup().click(button);
    await screen.findByText('Reviewed dataset downloaded');
    expect(calls.map((call) => call.key)).toContain('GET /api/projects/5/dataset/');
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
  });
});
