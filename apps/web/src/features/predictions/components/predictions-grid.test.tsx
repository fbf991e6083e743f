import type { PredictionThumbnail } from '@hullscope/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PredictionsGrid } from './predictions-grid';

const thumbnail = (id: number, modelId: number, low: boolean | null): PredictionThumbnail => ({
  id,
  prediction_id: id,
  image_name: 'bow.jpg',
  base64_thumbnail: 'AA',
  model_id: modelId,
  resolution_id: 1,
  project_id: 1,
  confidence: low === null ? null : low ? 0.41 : 0.87,
  low_confidence: low,
});

describe('the predictions grid (issue 19 §2)', () => {
  it('marks a low-confidence prediction before it is opened, and only that one', () => {
    render(
      <PredictionsGrid
        thumbnails={[thumbnail(1, 1, true), thumbnail(2, 2, false), thumbnail(3, 3, null)]}
        modelOrder={[1, 2, 3]}
        resolutionOrder={[1]}
        modelNames={
          new Map([
            [1, 'Evo'],
            [2, 'Base'],
            [3, 'Old'],
          ])
        }
        resolutionNames={new Map([[1, 'standard']])}
        selectedId={null}
        onSelect={() => undefined}
      />,
    );
    const low = screen.getByRole('button', { name: 'Prediction Evo, standard, low confidence' });
    expect(within(low).getByText('Low confidence')).toBeInTheDocument();
    for (const name of ['Prediction Base, standard', 'Prediction Old, standard']) {
      expect(
        within(screen.getByRole('button', { name })).queryByText('Low confidence'),
      ).not.toBeInTheDocument();
    }
  });
});
