import { useCallback, useEffect, useRef, useState } from 'react';
import { reasonOf } from '@/lib/api-errors';
import { type ExtractedFrame, type ExtractionProgress, extractVideoFrames } from '../video/extract-frames';

/** One video of the upload dialog and the frames taken from it. */
export interface VideoJob {
  id: number;
  file: File;
  intervalSeconds: number;
  status: 'extracting' | 'done' | 'failed' | 'cancelled';
  progress: ExtractionProgress | null;
  frames: ExtractedFrame[];
  /** Names of the frames the user unticked: not uploaded. */
  unticked: ReadonlySet<string>;
  error: string | null;
}

export const DEFAULT_INTERVAL_SECONDS = 1;

let nextId = 1;

/**
 * The dialog's videos: each is read as soon as it is added (or again with a new interval), one
 * extraction per video, cancelled when the video is removed, the dialog closes or it unmounts.
 */
export function useVideoFrames() {
  const [jobs, setJobs] = useState<VideoJob[]>([]);
  const controllers = useRef(new Map<number, AbortController>());

  const update = useCallback((id: number, change: (job: VideoJob) => Partial<VideoJob>) => {
    setJobs((current) => current.map((job) => (job.id === id ? { ...job, ...change(job) } : job)));
  }, []);

  const run = useCallback(
    (id: number, file: File, intervalSeconds: number) => {
      controllers.current.get(id)?.abort();
      const controller = new AbortController();
      controllers.current.set(id, controller);
      update(id, () => ({
        intervalSeconds,
        status: 'extracting',
        progress: null,
        frames: [],
        unticked: new Set(),
        error: null,
      }));
      extractVideoFrames(file, {
        intervalSeconds,
        signal: controller.signal,
        onProgress: (progress) => update(id, () => ({ progress })),
        onFrame: (frame) => update(id, (job) => ({ frames: [...job.frames, frame] })),
      }).then(
        () => {
          if (!controller.signal.aborted) update(id, () => ({ status: 'done' }));
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          update(id, () => ({ status: 'failed', error: reasonOf(error) }));
        },
      );
    },
    [update],
  );

  const add = useCallback(
    (files: File[]) => {
      const added = files.map<VideoJob>((file) => ({
        id: nextId++,
        file,
        intervalSeconds: DEFAULT_INTERVAL_SECONDS,
        status: 'extracting',
        progress: null,
        frames: [],
        unticked: new Set(),
        error: null,
      }));
      setJobs((current) => [...current, ...added]);
      for (const job of added) run(job.id, job.file, job.intervalSeconds);
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
        const unticked = new Set(job.unticked);
        if (!unticked.delete(frameName)) unticked.add(frameName);
        return { unticked };
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

/** The frames of the videos that will be uploaded: kept by the selection and still ticked. */
export function framesToUpload(jobs: readonly VideoJob[]): File[] {
  return jobs.flatMap((job) =>
    job.frames
      .filter((frame) => !job.unticked.has(frame.name))
      .map(
        (frame) =>
          new File([frame.jpeg], frame.name, { type: 'image/jpeg', lastModified: job.file.lastModified }),
      ),
  );
}
