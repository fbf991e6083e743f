import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import type { VideoJob } from '../hooks/use-video-frames';
import type { ExtractedFrame } from '../video/extract-frames';
import { VideoFramesCard } from './video-frames-card';

const frame = (
  seconds: number,
  skipped: ExtractedFrame['skipped'] = null,
  sharpness = 500,
): ExtractedFrame => ({
  seconds,
  name: `dive@00:0${seconds}.0.jpg`,
  jpeg: new Blob(['jpeg'], { type: 'image/jpeg' }),
  sharpness,
  quality: null,
  skipped,
});

function job(change: Partial<VideoJob>): VideoJob {
  return {
    id: 1,
    file: new File(['video'], 'dive.mp4', { type: 'video/mp4' }),
    intervalSeconds: 1,
    status: 'done',
    progress: { done: 10, expected: 10, secondsLeft: 0, kept: 3, blurry: 4, poor: 0, repeated: 3 },
    minSharpness: 8,
    skipPoorQuality: true,
    frames: [frame(0), frame(4), frame(8)],
    flipped: new Set(),
    error: null,
    ...change,
  };
}

function renderCard(videoJob: VideoJob) {
  const handlers = { onReadAgain: vi.fn(), onCancel: vi.fn(), onRemove: vi.fn(), onToggle: vi.fn() };
  URL.createObjectURL = vi.fn(() => 'blob:frame');
  URL.revokeObjectURL = vi.fn();
  renderWithApp(<VideoFramesCard job={videoJob} disabled={false} {...handlers} />);
  return handlers;
}

describe("a video's frames in the upload dialog", () => {
  it('says how many frames were skipped and why, and unticks a frame', async () => {
    const handlers = renderCard(job({ flipped: new Set(['dive@00:04.0.jpg']) }));
    expect(screen.getByTestId('frame-summary')).toHaveTextContent(
      '10 frames read: 3 kept, 4 skipped as blurry, 3 skipped as nearly the same as the frame kept before. ' +
        '2 frames will be uploaded.',
    );
    expect(screen.getByRole('checkbox', { name: 'Upload dive@00:04.0.jpg' })).not.toBeChecked();
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Upload dive@00:08.0.jpg' }));
    expect(handlers.onToggle).toHaveBeenCalledWith('dive@00:08.0.jpg');
  });

  it('shows skipped frames greyed with their reason, unticked, and lets the user keep one', async () => {
    const handlers = renderCard(
      job({
        frames: [frame(0), frame(1, 'blurry', 5.4), frame(2, 'duplicate'), frame(3, 'blurry', 3)],
        flipped: new Set(['dive@00:03.0.jpg']),
        progress: { done: 4, expected: 4, secondsLeft: 0, kept: 1, blurry: 2, poor: 0, repeated: 1 },
      }),
    );
    const blurry = screen.getByRole('checkbox', { name: 'Upload dive@00:01.0.jpg' });
    expect(blurry).not.toBeChecked();
    expect(screen.getByText('Blurry (sharpness 5)')).toBeInTheDocument();
    expect(screen.getByText('Same as the frame before')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Upload dive@00:02.0.jpg' })).not.toBeChecked();
    // A skipped frame the user ticked goes up with the kept one.
    expect(screen.getByRole('checkbox', { name: 'Upload dive@00:03.0.jpg' })).toBeChecked();
    expect(screen.getByTestId('frame-summary')).toHaveTextContent('2 frames will be uploaded.');
    const tile = blurry.closest('[role="listitem"]') as HTMLElement;
    expect(tile.querySelector('img')).toHaveStyle({ filter: 'grayscale(1)' });
    await userEvent.setup().click(blurry);
    expect(handlers.onToggle).toHaveBeenCalledWith('dive@00:01.0.jpg');
  });

  it('reads again with the sharpness chosen', async () => {
    const handlers = renderCard(job({}));
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Skip blurry frames' }));
    await user.click(screen.getByRole('option', { name: 'Off: keep blurry frames' }));
    await user.click(screen.getByRole('button', { name: 'Read frames again' }));
    expect(handlers.onReadAgain).toHaveBeenCalledWith({
      intervalSeconds: 1,
      minSharpness: 0,
      skipPoorQuality: true,
    });
  });

  it('shows why a frame of poor quality was skipped, and the grade of a kept one', () => {
    const metrics = {
      sharpness: 0.2,
      contrast: 0.1,
      brightness: 0.4,
      dark_share: 0,
      bright_share: 0,
      colour_cast: 0.2,
      blockiness: 1,
      hull_share: 1,
    };
    const murky: ExtractedFrame = {
      ...frame(1, 'poor'),
      quality: { grade: 'poor', reasons: ['Low contrast: murky water or haze (contrast 10 %)'], metrics },
    };
    const fair: ExtractedFrame = {
      ...frame(2),
      quality: { grade: 'fair', reasons: ['Strong colour cast (0.95)'], metrics },
    };
    renderCard(
      job({
        frames: [frame(0), murky, fair],
        progress: { done: 3, expected: 3, secondsLeft: 0, kept: 2, blurry: 0, poor: 1, repeated: 0 },
      }),
    );
    expect(screen.getByTestId('frame-summary')).toHaveTextContent(
      '3 frames read: 2 kept, 1 skipped as of poor quality. 2 frames will be uploaded.',
    );
    expect(
      screen.getByText('Poor quality: Low contrast: murky water or haze (contrast 10 %)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Upload dive@00:01.0.jpg' })).not.toBeChecked();
    expect(screen.getByText('Fair: Strong colour cast (0.95)')).toBeInTheDocument();
  });

  it('reads again keeping poor-quality frames when the option is turned off', async () => {
    const handlers = renderCard(job({}));
    const user = userEvent.setup();
    const option = screen.getByRole('checkbox', { name: 'Skip poor-quality frames' });
    expect(option).toBeChecked();
    await user.click(option);
    await user.click(screen.getByRole('button', { name: 'Read frames again' }));
    expect(handlers.onReadAgain).toHaveBeenCalledWith({
      intervalSeconds: 1,
      minSharpness: 8,
      skipPoorQuality: false,
    });
  });

  it('shows progress with the time left while reading, and stops on request', async () => {
    const handlers = renderCard(
      job({
        status: 'extracting',
        progress: { done: 5, expected: 14, secondsLeft: 90, kept: 4, blurry: 1, poor: 0, repeated: 0 },
      }),
    );
    expect(screen.getByText('Reading frames: 5 / 14 · about 2 min left')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Frames read from dive.mp4' })).toHaveAttribute(
      'aria-valuenow',
      String(Math.round((5 / 14) * 100)),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Stop reading' }));
    expect(handlers.onCancel).toHaveBeenCalled();
  });

  it('shows why a video could not be read, and reads again at a new interval', async () => {
    const handlers = renderCard(
      job({
        status: 'failed',
        frames: [],
        progress: null,
        error:
          'dive.mp4 could not be read as a video by this browser (its format or codec is not supported).',
      }),
    );
    expect(screen.getByText(/dive\.mp4 could not be read as a video/)).toBeInTheDocument();
    const user = userEvent.setup();
    const interval = screen.getByLabelText('Seconds between frames');
    await user.clear(interval);
    await user.type(interval, '0.1');
    expect(screen.getByText('From 0.2 to 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read frames again' })).toBeDisabled();
    await user.clear(interval);
    await user.type(interval, '2');
    await user.click(screen.getByRole('button', { name: 'Read frames again' }));
    expect(handlers.onReadAgain).toHaveBeenCalledWith({
      intervalSeconds: 2,
      minSharpness: 8,
      skipPoorQuality: true,
    });
  });
});
