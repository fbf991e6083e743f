import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { OrganisationAgreementPanel, ProjectAgreementPanel } from './agreement-panel';

const base = {
  model: { id: 2, name: 'Base' },
  photos: 12,
  corrected_photos: 3,
  pixels: 12 * 800 * 600,
  pixel_accuracy: 0.9234,
  classes: [
    { index: 0, name: 'Background', iou: 0.951, reviewer_pixels: 4_000_000, model_pixels: 4_100_000 },
    { index: 1, name: 'Barnacles', iou: 0.6125, reviewer_pixels: 300_000, model_pixels: 250_000 },
    { index: 2, name: 'Tubeworms', iou: null, reviewer_pixels: 0, model_pixels: 0 },
  ],
  ratings_compared: 12,
  ratings_agree: 10,
  rating_agreement: 10 / 12,
  weighted_kappa: 0.7412,
};

describe('agreement with the reviewers (issue 39 §7)', () => {
  it("shows each model's figures from the project's answer in captioned tables", async () => {
    const { calls } = stubApi({
      'GET /api/projects/5/agreement/': () => jsonResponse({ scope: 'project', models: [base] }),
    });
    renderWithApp(<ProjectAgreementPanel projectId={5} />);

    const models = await screen.findByRole('table', { name: 'Per model, in this project' });
    const row = within(models).getByRole('row', { name: /Base/ });
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Base');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12 (3 corrected)', '92.3 %', '83.3 % (10 of 12)', '0.74']);
    expect(
      within(models)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Model', 'Photos compared', 'Pixel accuracy', 'Rating agreement', 'Weighted kappa']);

    const classes = screen.getByRole('table', { name: 'Per-class IoU: Base' });
    expect(
      within(classes)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Class', 'Background', 'Barnacles', 'Tubeworms']);
    // A class neither side used has no IoU, shown as a dash rather than 0 %.
    expect(
      within(classes)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['95.1 %', '61.3 %', '–']);
    expect(screen.getByTestId('agreement-explanation')).toHaveTextContent(/weighted kappa/);
    expect(screen.queryByTestId('agreement-empty')).toBeNull();
    expect(calls.map((call) => call.key)).toEqual(['GET /api/projects/5/agreement/']);
  });

  it('explains that the figures come once people review photos, and shows no table before', async () => {
    stubApi({
      'GET /api/organisation/agreement/': () => jsonResponse({ scope: 'organisation', models: [] }),
    });
    renderWithApp(<OrganisationAgreementPanel />);
    expect(await screen.findByTestId('agreement-empty')).toHaveTextContent(
      'No photo in this organisation has been reviewed yet. The figures appear once people accept or correct photos',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when the figures cannot be loaded', async () => {
    stubApi({
      'GET /api/organisation/agreement/': () => jsonResponse({ detail: 'Server error' }, 500),
    });
    renderWithApp(<OrganisationAgreementPanel />);
    expect(await screen.findByText('The agreement figures could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByTestId('agreement-empty')).toBeNull();
  });

  it('says the API is counting reviewed photos and shows the figures once it has (503, then 200)', async () => {
    const counting =
      'The agreement figures are being prepared: 80 reviewed photos are still being counted for the first time. Try again in a few seconds.';
    let calls = 0;
    stubApi({
      'GET /api/projects/5/agreement/': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ detail: counting }, 503)
          : jsonResponse({ scope: 'project', models: [base] });
      },
    });
    renderWithApp(<ProjectAgreementPanel projectId={5} />);
    expect(await screen.findByRole('status')).toHaveTextContent(counting);
    expect(
      await screen.findByRole('table', { name: 'Per model, in this project' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('The agreement figures could not be loaded.')).toBeNull();
    expect(calls).toBe(2);
  });
});
