import { type ImageQuality, previewBlockCrop, qualityAnalysisSize } from '@hullscope/contract';
import { isBlankFrame } from './blank-frame';
import { formatTimestamp, frameFileName, frameTimes } from './frame-names';
import { createFrameSelector, type FrameSelectionOptions, DEFAULT_FRAME_SELECTION } from './frame-selection';

/**
 * Frames from a video file, in the browser (issue 24): a video element seeks to each chosen time and
 * a canvas copies the picture. Nothing of the video leaves the machine; only the kept frames, as
 * JPEGs, are uploaded later. Which frames are kept is frame-selection.ts's decision.
 */

/** Why the frame selection passed a frame over; the user may still keep it (issue 45 §4). */
export type SkipReason = 'blurry' | 'poor' | 'duplicate';

export interface ExtractedFrame {
  seconds: number;
  /** `<video name>@<mm:ss.s>.jpg` */
  name: string;
  jpeg: Blob;
  sharpness: number;
  /** Its photo quality as an upload's is graded (issue 46 §1); null for a blurry frame, not measured. */
  quality: ImageQuality | null;
  /** Null for a frame the selection kept. */
  skipped: SkipReason | null;
}

export interface ExtractionProgress {
  done: number;
  expected: number;
  /** Estimated from the pace so far; null until a frame has been read. */
  secondsLeft: number | null;
  kept: number;
  blurry: number;
  /** Skipped as of poor photo quality. */
  poor: number;
  repeated: number;
}

export interface ExtractionOptions {
  intervalSeconds: number;
  selection?: FrameSelectionOptions;
  signal: AbortSignal;
  onProgress?: (progress: ExtractionProgress) => void;
  onFrame?: (frame: ExtractedFrame) => void;
}

export interface ExtractionResult extends ExtractionProgress {
  frames: ExtractedFrame[];
  width: number;
  height: number;
}

/** The browser cannot read the file as a video (unknown codec, damaged file, no picture). */
export class VideoDecodeError extends Error {
  constructor(fileName: string, why: string) {
    super(
      `${fileName} could not be read as a video by this browser (${why}). ` +
        'Convert it to MP4 (H.264) or WebM and try again.',
    );
    this.name = 'VideoDecodeError';
  }
}

/** Blur is judged on at most this width: enough to see a diver's motion blur in 1080p footage. */
export const ANALYSIS_MAX_WIDTH = 960;
/** Saved frames: high quality, as the model sees fine fouling texture. */
const JPEG_QUALITY = 0.92;
/** Longest wait for the browser to open the file or to show a sought frame. */
const DECODE_TIMEOUT_MS = 20_000;
/** How often, and how long apart, a blank first frame is copied again before it counts as blank. */
const BLANK_FRAME_RETRIES = 25;
const BLANK_FRAME_PAUSE_MS = 20;

const MEDIA_ERRORS: Record<number, string> = {
  1: 'reading was aborted',
  2: 'a network error',
  3: 'the video is damaged or uses a feature the decoder lacks',
  4: 'its format or codec is not supported',
};

/** Resolves on `event`, rejects on the element's error, the abort signal or after the timeout. */
function waitFor(
  video: HTMLVideoElement,
  event: 'loadeddata' | 'seeked',
  fileName: string,
  signal: AbortSignal,
  what: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      video.removeEventListener(event, onEvent);
      video.removeEventListener('error', onError);
      signal.removeEventListener('abort', onAbort);
    };
    const onEvent = () => {
      cleanup();
      resolve();
    };
    const onError = () => {
      cleanup();
      reject(new VideoDecodeError(fileName, MEDIA_ERRORS[video.error?.code ?? 0] ?? 'an unknown error'));
    };
    const onAbort = () => {
      cleanup();
      reject(new DOMException('Frame extraction cancelled', 'AbortError'));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new VideoDecodeError(fileName, `no picture within ${DECODE_TIMEOUT_MS / 1000} s ${what}`));
    }, DECODE_TIMEOUT_MS);
    video.addEventListener(event, onEvent);
    video.addEventListener('error', onError);
    signal.addEventListener('abort', onAbort);
  });
}

function canvasOf(width: number, height: number, readBack: boolean) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: readBack });
  if (!context) throw new Error('This browser cannot draw on a canvas.');
  return { canvas, context };
}

/** The video's picture now, scaled to the canvas; cleared first, so a video with no picture gives a blank one. */
function copyFrame(video: HTMLVideoElement, { canvas, context }: ReturnType<typeof canvasOf>): ImageData {
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

function toJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The frame could not be saved as JPEG.'))),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  );
}

/** A video's length; files recorded by some cameras and MediaRecorder say Infinity until sought to the end. */
async function durationOf(video: HTMLVideoElement, fileName: string, signal: AbortSignal): Promise<number> {
  if (Number.isFinite(video.duration)) return video.duration;
  video.currentTime = Number.MAX_SAFE_INTEGER;
  await waitFor(video, 'seeked', fileName, signal, 'while looking for its end');
  const duration = video.duration;
  video.currentTime = 0;
  await waitFor(video, 'seeked', fileName, signal, 'at its start');
  if (!Number.isFinite(duration)) throw new VideoDecodeError(fileName, 'its length cannot be read');
  return duration;
}

/**
 * Reads one frame every `intervalSeconds` and judges each: the sharp, new ones are kept, the others
 * come back marked with why they were skipped. Rejects with a
 * VideoDecodeError naming the file when the browser cannot decode it, and with an AbortError when
 * the signal aborts; either way the video element and its object URL are released.
 */
export async function extractVideoFrames(file: File, options: ExtractionOptions): Promise<ExtractionResult> {
  const { signal } = options;
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    const opened = waitFor(video, 'loadeddata', file.name, signal, 'after opening it');
    video.src = url;
    await opened;
    if (video.videoWidth === 0 || video.videoHeight === 0) {
      throw new VideoDecodeError(file.name, 'it has no picture the browser can show');
    }
    const duration = await durationOf(video, file.name, signal);
    const times = frameTimes(duration, options.intervalSeconds);
    const { videoWidth: width, videoHeight: height } = video;
    const scale = Math.min(1, ANALYSIS_MAX_WIDTH / width);
    const analysis = canvasOf(
      Math.max(1, Math.round(width * scale)),
      Math.max(1, Math.round(height * scale)),
      true,
    );
    const qualitySize = qualityAnalysisSize(width, height);
    const quality = canvasOf(qualitySize.width, qualitySize.height, true);
    // Scaled down smoothly, as the upload's linear resize does, not by the canvas's default sampling.
    quality.context.imageSmoothingQuality = 'high';
    const { crop, source } = previewBlockCrop(width, height);
    const blockCrop = canvasOf(crop.width, crop.height, true);
    blockCrop.context.imageSmoothingQuality = 'high';
    const full = canvasOf(width, height, false);
    const select = createFrameSelector(options.selection ?? DEFAULT_FRAME_SELECTION);
    const progress: ExtractionProgress = {
      done: 0,
      expected: times.length,
      secondsLeft: null,
      kept: 0,
      blurry: 0,
      poor: 0,
      repeated: 0,
    };
    const frames: ExtractedFrame[] = [];
    const started = performance.now();
    options.onProgress?.({ ...progress });
    for (const seconds of times) {
      if (signal.aborted) throw new DOMException('Frame extraction cancelled', 'AbortError');
      // A seek to where the video already stands (0 at the start) fires no "seeked".
      const seek = video.currentTime !== seconds || video.readyState < 2;
      if (seek) {
        const sought = waitFor(video, 'seeked', file.name, signal, `at ${formatTimestamp(seconds)}`);
        video.currentTime = seconds;
        await sought;
      }
      let pixels = copyFrame(video, analysis);
      // Without a seek to wait for, the picture may not be there yet (then read as a blurry frame).
      for (let retry = 0; !seek && retry < BLANK_FRAME_RETRIES && isBlankFrame(pixels); retry += 1) {
        await new Promise((resolve) => setTimeout(resolve, BLANK_FRAME_PAUSE_MS));
        pixels = copyFrame(video, analysis);
      }
      const verdict = select.judge(pixels, () => {
        quality.context.drawImage(video, 0, 0, quality.canvas.width, quality.canvas.height);
        // Blockiness at the upload preview's scale, as the upload measures it (full scale up to 2048 px).
        blockCrop.context.drawImage(
          video,
          source.left,
          source.top,
          source.width,
          source.height,
          0,
          0,
          crop.width,
          crop.height,
        );
        return {
          analysed: quality.context.getImageData(0, 0, quality.canvas.width, quality.canvas.height),
          blockCrop: blockCrop.context.getImageData(0, 0, crop.width, crop.height),
        };
      });
      if (verdict.kind === 'blurry') progress.blurry += 1;
      else if (verdict.kind === 'poor') progress.poor += 1;
      else if (verdict.kind === 'duplicate') progress.repeated += 1;
      else progress.kept += 1;
      // Skipped frames are saved too: the judgement can be wrong (a low-contrast propeller reads as
      // blurry or murky), so the user sees each one with its reason and may keep it.
      full.context.drawImage(video, 0, 0, width, height);
      const frame: ExtractedFrame = {
        seconds,
        name: frameFileName(file.name, seconds),
        jpeg: await toJpeg(full.canvas),
        sharpness: verdict.sharpness,
        quality: verdict.quality,
        skipped: verdict.kind === 'keep' ? null : verdict.kind,
      };
      frames.push(frame);
      options.onFrame?.(frame);
      progress.done += 1;
      const perFrame = (performance.now() - started) / 1000 / progress.done;
      progress.secondsLeft = Math.round(perFrame * (progress.expected - progress.done));
      options.onProgress?.({ ...progress });
    }
    return { ...progress, frames, width, height };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
