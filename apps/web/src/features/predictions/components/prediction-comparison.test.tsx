import type { PredictionSet } from '@hullscope/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PredictionComparison } from './prediction-comparison';

const image = (type: 'PRED' | 'ORG' | 'STAT') => ({
  id: 1,
  image_name: 'bow.jpg',
  base64_image: 'AA',
  width: 4,
  height: 3,
  type,
});
const base: PredictionSet = {
  predictions: [
    { label: 'Clean Structure', hex_color: '#1e88e5', percentage: 60 },
    { label: 'Slime/Algae', hex_color: '#43a047', percentage: 40 },
  ],
  PRED: image('PRED'),
  ORG: image('ORG'),
  STAT: image('STAT'),
};
const evo: PredictionSet = {
  ...base,
  predictions: [
    { label: 'Clean Structure', hex_color: '#1e88e5', percentage: 55 },
    { label: 'Light Slime', hex_color: '#c0ca33', percentage: 45 },
  ],
};

describe('comparing two predictions of one image (issue 22)', () => {
  it('shows both masks and their percentages class by class, a dash where a model has no such class', () => {
    render(
      <PredictionComparison
        left={{ label: 'Base, Standard', set: base }}
        right={{ label: 'Evo, Standard', set: evo }}
      />,
    );
    expect(screen.getByRole('img', { name: 'Prediction mask of Base, Standard' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Prediction mask of Evo, Standard' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Percentages compared' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ClassBase, StandardEvo, Standard',
      'Clean Structure60.0 %55.0 %',
      'Slime/Algae40.0 %—',
      'Light Slime—45.0 %',
    ]);
  });
});
