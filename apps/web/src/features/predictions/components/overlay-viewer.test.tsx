import type { PredictionSet } from '@hullscope/contract';
import { render, screen, within } from '@testing-library/react';
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

  it('without one from a server that gives none', () => {
    render(<OverlayViewer predictionSet={set} />);
    expect(screen.queryByText(/IMO rating/)).not.toBeInTheDocument();
  });
});
