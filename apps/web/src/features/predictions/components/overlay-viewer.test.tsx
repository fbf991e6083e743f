import type { PredictionSet } from '@hullscope/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OverlayViewer } from './overlay-viewer';

describe('the viewer shows the rating beside the percentages', () => {
  const image = (type: 'PRED' | 'ORG' | 'STAT') => ({
    id: 1,
    image_name: 'bow.jpg',
    base64_image: 'AA',
    width: 4,
    height: 3,
    type,
  });
  const set: PredictionSet = {
    predictions: [
      { label: 'Clean Structure', hex_color: '#1e88e5', percentage: 59.5 },
      { label: 'Hard Fouling', hex_color: '#e53935', percentage: 15.5 },
      { label: 'Light Slime', hex_color: '#c0ca33', percentage: 25 },
    ],
    PRED: image('PRED'),
    ORG: image('ORG'),
    STAT: image('STAT'),
  };

  it('with a rating', () => {
    render(
      <OverlayViewer
        predictionSet={{
          ...set,
          fouling_rating: {
            scale: 'IMO MEPC.378(80)',
            value: 3,
            label: 'Medium macrofouling',
            macrofouling_percentage: 15.5,
            microfouling_percentage: 25,
          },
        }}
      />,
    );
    const result = screen.getByRole('region', { name: 'Prediction result' });
    expect(within(result).getByText('IMO rating 3: medium macrofouling')).toBeInTheDocument();
    expect(within(result).getByRole('list', { name: 'Class percentages' })).toHaveTextContent('15.5 %');
  });

  it('says under the rating when its macrofouling stayed within the noise floor (issue 45 §3)', () => {
    render(
      <OverlayViewer
        predictionSet={{
          ...set,
          fouling_rating: {
            scale: 'IMO MEPC.378(80)',
            value: 1,
            label: 'Microfouling',
            macrofouling_percentage: 1.4,
            microfouling_percentage: 25,
            macrofouling_noise_floor_percentage: 2.6,
            macrofouling_within_noise: true,
          },
        }}
      />,
    );
    const result = screen.getByRole('region', { name: 'Prediction result' });
    expect(within(result).getByText('IMO rating 1: microfouling *')).toBeInTheDocument();
    expect(result).toHaveTextContent(
      "* 1.40 % of the surface read as macrofouling: within this model's noise floor (2.6 %), so it does not raise the rating.",
    );
  });

  it('without one from a server that gives none', () => {
    render(<OverlayViewer predictionSet={set} />);
    expect(screen.queryByText(/IMO rating/)).not.toBeInTheDocument();
  });

  it('warns of a low-confidence prediction, with the confidence in its tooltip (issue 19)', async () => {
    render(<OverlayViewer predictionSet={{ ...set, confidence: 0.412, low_confidence: true }} />);
    const result = screen.getByRole('region', { name: 'Prediction result' });
    const warning = within(result).getByText('Low confidence: poor visibility or an unfamiliar surface');
    await userEvent.hover(warning);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Model confidence 41 %');
    expect(screen.queryByText(/^Model confidence \d+ %$/)).not.toBeInTheDocument();
  });

  it('states a confidence that is not low, without a warning (issue 19)', () => {
    render(<OverlayViewer predictionSet={{ ...set, confidence: 0.873, low_confidence: false }} />);
    expect(screen.getByText('Model confidence 87 %')).toBeInTheDocument();
    expect(screen.queryByText(/Low confidence/)).not.toBeInTheDocument();
  });

  it('says nothing of confidence for a prediction that has none', () => {
    render(<OverlayViewer predictionSet={{ ...set, confidence: null, low_confidence: null }} />);
    expect(screen.queryByText(/confidence/i)).not.toBeInTheDocument();
  });

  it('zooms in and back to fit by its buttons (issue 22)', async () => {
    const user = userEvent.setup();
    render(<OverlayViewer predictionSet={set} />);
    expect(screen.getByTestId('zoom-level')).toHaveTextContent('100 %');
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(() => expect(screen.getByTestId('zoom-level')).not.toHaveTextContent('100 %'));
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Fit to view' }));
    await waitFor(() => expect(screen.getByTestId('zoom-level')).toHaveTextContent('100 %'));
  });

  it('splits original and prediction at a slider, or shows them side by side (issue 22)', async () => {
    const user = userEvent.setup();
    render(<OverlayViewer predictionSet={set} />);
    expect(screen.getByTestId('prediction-overlay').style.clipPath).toBe('');
    expect(screen.queryByRole('slider', { name: 'Split position' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Split' }));
    expect(screen.getByTestId('prediction-overlay').style.clipPath).toBe('inset(0 0 0 50%)');
    const split = screen.getByRole('slider', { name: 'Split position' });
    split.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByTestId('prediction-overlay').style.clipPath).toBe('inset(0 0 0 52%)');
    await user.click(screen.getByRole('button', { name: 'Side by side' }));
    expect(screen.getAllByRole('img', { name: 'Original bow.jpg' })).toHaveLength(2);
    expect(screen.getByTestId('prediction-overlay').style.clipPath).toBe('');
  });

  it('shows and hides each class from its legend entry (issue 22)', async () => {
    const user = userEvent.setup();
    render(<OverlayViewer predictionSet={set} />);
    const hard = screen.getByRole('button', { name: 'Show Hard Fouling in the mask' });
    expect(hard).toHaveAttribute('aria-pressed', 'true');
    await user.click(hard);
    expect(hard).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Show Clean Structure in the mask' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(hard);
    expect(hard).toHaveAttribute('aria-pressed', 'true');
  });

  it('enlarges the statistics in a dialog (issue 22)', async () => {
    const user = userEvent.setup();
    render(<OverlayViewer predictionSet={set} />);
    await user.click(screen.getByRole('button', { name: 'Enlarge statistics' }));
    const dialog = screen.getByRole('dialog', { name: 'Statistics' });
    expect(
      within(dialog).getByRole('img', { name: 'Statistics of the prediction, enlarged' }),
    ).toBeInTheDocument();
  });
});
