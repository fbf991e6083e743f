import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { ImagePredictions } from './image-predictions';

const thumbnails = {
  models: [1],
  resolutions: [2],
  thumbnails: [
    {
      id: 21,
      prediction_id: 21,
      image_name: 'bow.jpg',
      base64_thumbnail: '/9j/AA',
      model_id: 1,
      resolution_id: 2,
      project_id: 5,
    },
  ],
};

function show(requestRunning: boolean, selectedPredictionId: number | null) {
  renderWithApp(
    <ImagePredictions
      projectId={5}
      imageId={11}
      requestRunning={requestRunning}
      selectedPredictionId={selectedPredictionId}
      onSelectPrediction={() => undefined}
    />,
  );
}

describe("an image's predictions (spec §2.3, §4, §8)", () => {
  it('while a request runs, fetches no prediction thumbnails and reads the empty-grid text', async () => {
    const api = stubApi({
      'GET /api/cvmodels/': () => jsonResponse([]),
      'GET /api/resolutions/': () => jsonResponse([]),
    });
    show(true, null);
    expect(await screen.findByText('No predictions available for this image.')).toBeInTheDocument();
    expect(api.calls.map((call) => call.key)).not.toContain(
      'GET /api/projects/5/image/11/prediction-thumbnails/',
    );
  });

  it('shows no message when the selected prediction cannot be read, and logs the failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({
      'GET /api/cvmodels/': () => jsonResponse([]),
      'GET /api/resolutions/': () => jsonResponse([]),
      'GET /api/projects/5/image/11/prediction-thumbnails/': () => jsonResponse(thumbnails),
      'GET /api/projects/5/predictionset/21/': () => jsonResponse({ detail: 'Internal error' }, 500),
    });
    show(false, 21);
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('the prediction set'), expect.anything()),
    );
    await waitFor(() => expect(screen.queryByLabelText('Loading the prediction')).not.toBeInTheDocument());
    expect(screen.getByRole('listitem')).toHaveTextContent('model name missing');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
