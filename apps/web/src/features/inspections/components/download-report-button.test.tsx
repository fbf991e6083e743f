import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '@/testing/render';
import { DownloadReportButton } from './download-report-button';

const pdf = () =>
  new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="report.pdf"',
    },
  });

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => undefined }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Download Inspection Report (issue 45 §2)', () => {
  it('asks for the compact report by default and for every photo with the second button', async () => {
    const { calls } = stubApi({ 'GET /api/projects/5/report/': () => pdf() });
    renderWithApp(
      <DownloadReportButton projectId={5} requestRunning={false} hasPredictions pair={{ model: 2 }} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download Inspection Report' }));
    await screen.findByText('Inspection report downloaded');
    await user.click(screen.getByRole('button', { name: 'With all photos' }));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((call) => call.url.search)).toEqual(['?model=2', '?model=2&photos=all']);
  });

  it('offers neither before the project has predictions', () => {
    stubApi({});
    renderWithApp(<DownloadReportButton projectId={5} requestRunning={false} hasPredictions={false} />);
    expect(screen.getByRole('button', { name: 'Download Inspection Report' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'With all photos' })).toBeDisabled();
  });
});
