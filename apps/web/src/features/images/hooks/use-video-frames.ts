import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reasonOf } from '@/lib/api-errors';
import { type ExtractedFrame, type ExtractionProgress, extractVideoFrames } from '../video/extract-frames';
import { DEFAULT_FRAME_SELECTION } from '../video/frame-selection';
import { uploadLimitsQuery } from '../api/get-upload-limits';

/** One video of the upload dialog and the frames taken from it. */
export interface VideoJob {
  id: number;
  file: File;
  intervalSeconds: number;
  /** The least sharpness a frame needs not to be skipped as blurry (frame-selection.ts). */
  minSharpness: number;
  /** Whether frames of poor photo quality are skipped (issue 46 §1). */
  skipPoorQuality: boolean;
  status: 'extracting' | 'done' | 'failed' | 'cancelled';
  progress: ExtractionProgress | null;
  /** Every frame read, kept or skipped. */
  frames: ExtractedFrame[];
  /** Names of the frames whose tick the user changed: a kept one unticked, a skipped one ticked. */
  flipped: ReadonlySet<string>;
  error: string | null;
}

export const DEFAULT_INTERVAL_SECONDS = 1;

export interface ReadSettings {
  intervalSeconds: number;
  minSharpness: number;
  skipPoorQuality: boolean;
}

/** Whether the frame goes up: the selection's choice unless the user changed its tick. */
export function isFrameTicked(job: Pick<VideoJob, 'flipped'>, frame: ExtractedFrame): boolean {
  return (frame.skipped === null) !== job.flipped.has(frame.name);
}

let nextId = 1;

/**
 * The dialog's videos: each is read as soon as it is added (or again with a new interval), one
 * extraction per video, cancelled when the video is removed, the dialog closes or it unmounts.
 */
export function useVideoFrames() {
  const [jobs, setJobs] = useState<VideoJob[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const queryClient = useQueryClient();

  const update = useCallback((id: number, change: (job: VideoJob) => Partial<VideoJob>) => {
    setJobs((current) => current.map((job) => (job.id === id ? { ...job, ...change(job) } : job)));
  }, []);

  const run = useCallback(
    (id: number, file: File, { intervalSeconds, minSharpness, skipPoorQuality }: ReadSettings) => {
      controllers.current.get(id)?.abort();
      const controller = new AbortController();
      controllers.current.set(id, controller);
      update(id, () => ({
        intervalSeconds,
        minSharpness,
        skipPoorQuality,
        status: 'extracting',
        progress: null,
        frames: [],
        flipped: new Set(),
        error: null,
      }));
      // Frames are graded by the server's thresholds; a server that does not say has the defaults.
      queryClient
        .fetchQuery(uploadLimitsQuery)
        .then(
          (limits) => limits.quality_thresholds ?? DEFAULT_FRAME_SELECTION.qualityThresholds,
          () => DEFAULT_FRAME_SELECTION.qualityThresholds,
        )
        .then((qualityThresholds) => {
          if (controller.signal.aborted) throw new DOMException('Frame extraction cancelled', 'AbortError');
          return extractVideoFrames(file, {
            intervalSeconds,
            selection: { ...DEFAULT_FRAME_SELECTION, minSharpness, skipPoorQuality, qualityThresholds },
            signal: controller.signal,
            onProgress: (progress) => update(id, () => ({ progress })),
            onFrame: (frame) => update(id, (job) => ({ frames: [...job.frames, frame] })),
          });
        })
        .then(
          () => {
            if (!controller.signal.aborted) update(id, () => ({ status: 'done' }));
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            update(id, () => ({ status: 'failed', error: reasonOf(error) }));
          },
        );
    },
    [queryClient, update],
  );

  const add = useCallback(
    (files: File[]) => {
      const added = files.map<VideoJob>((file) => ({
        id: nextId++,
        file,
        intervalSeconds: DEFAULT_INTERVAL_SECONDS,
        minSharpness: DEFAULT_FRAME_SELECTION.minSharpness,
        skipPoorQuality: DEFAULT_FRAME_SELECTION.skipPoorQuality,
        status: 'extracting',
        progress: null,
        frames: [],
        flipped: new Set(),
        error: null,
      }));
      setJobs((current) => [...current, ...added]);
      for (const job of added) run(job.id, job.file, job);
    },
    [run],
  );

  const cancel = useCallback(
    (id: number) => {
      controllers.current.get(id)?.abort();
      controllers.current.delete(id);
      // The frames kept so far stay: the user may upload those or read again.
      update(id, (job) => (job.status === 'extracting' ? { status: 'cancelled' } : {}));
    },
    [update],
  );

  const remove = useCallback((id: number) => {
    controllers.current.get(id)?.abort();
    controllers.current.delete(id);
    setJobs((current) => current.filter((job) => job.id !== id));
  }, []);

  const toggle = useCallback(
    (id: number, frameName: string) =>
      update(id, (job) => {
        const flipped = new Set(job.flipped);
        if (!flipped.delete(frameName)) flipped.add(frameName);
        return { flipped };
      }),
    [update],
  );

  const clear = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    setJobs([]);
  }, []);

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  return { jobs, add, rerun: run, cancel, remove, toggle, clear };
}

/** The frames of the videos that will be uploaded: the ticked ones, kept by the selection or by the user. */
export function framesToUpload(jobs: readonly VideoJob[]): File[] {
  return jobs.flatMap((job) =>
    job.frames
      .filter((frame) => isFrameTicked(job, frame))
      .map(
        (frame) =>
          new File([frame.jpeg], frame.name, { type: 'image/jpeg', lastModified: job.file.lastModified }),
      ),
  );
}
