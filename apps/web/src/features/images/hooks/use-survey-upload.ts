import type { HullZone } from '@hullscope/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reasonOf } from '@/lib/api-errors';
import { queryKeys } from '@/lib/query-keys';
import { getImageHashes } from '../api/get-image-hashes';
import { getUploadLimits } from '../api/get-upload-limits';
import { uploadImages } from '../api/upload-images';
import { sha256Hex } from '../survey/file-hash';
import { runSurveyUpload, type SurveySnapshot } from '../survey/run-survey-upload';

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Upload cancelled', 'AbortError'));
      },
      { once: true },
    );
  });
}

/** How often the dialog redraws during an upload: progress events come far more often. */
const REDRAW_INTERVAL_MS = 100;

export interface SurveyRun {
  files: File[];
  snapshot: SurveySnapshot;
}

/**
 * Runs a survey-size upload for the dialog: reads the server's limits and the project's content
 * hashes, then sends the files batch by batch (survey/run-survey-upload.ts). The thumbnails reload
 * whenever a batch was stored, so the grid fills as the upload goes.
 */
export function useSurveyUpload() {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<SurveyRun | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const latest = useRef<SurveyRun | null>(null);
  const redraw = useRef<ReturnType<typeof setTimeout> | null>(null);

  /** Shows `next` within REDRAW_INTERVAL_MS, or at once (the end of an upload). */
  const show = useCallback((next: SurveyRun | null, now: boolean) => {
    latest.current = next;
    const flush = () => {
      redraw.current = null;
      setRun(latest.current);
    };
    if (now) {
      if (redraw.current !== null) clearTimeout(redraw.current);
      flush();
    } else if (redraw.current === null) {
      redraw.current = setTimeout(flush, REDRAW_INTERVAL_MS);
    }
  }, []);

  const start = useCallback(
    async (projectId: number, files: File[], hullZone: HullZone | null): Promise<SurveySnapshot | null> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setFailure(null);
      show(
        {
          files,
          snapshot: {
            phase: 'checking',
            checked: 0,
            sentBytes: 0,
            totalBytes: 0,
            files: files.map(() => ({ kind: 'waiting' })),
            stoppedBecause: null,
          },
        },
        true,
      );
      try {
        const [limits, knownHashes] = await Promise.all([getUploadLimits(), getImageHashes(projectId)]);
        let storedBatches = 0;
        const result = await runSurveyUpload(
          files,
          {
            maxFiles: limits.max_files,
            maxFileBytes: limits.max_file_bytes,
            knownHashes,
            currentHashes: () => getImageHashes(projectId),
            hashOf: sha256Hex,
            send: async (batch, onProgress, signal) => {
              await uploadImages({
                projectId,
                files: batch,
                hullZone,
                signal,
                onProgress: ({ loaded, total }) => onProgress(loaded, total),
              });
              storedBatches += 1;
              void queryClient.invalidateQueries({ queryKey: queryKeys.thumbnails(projectId) });
            },
            wait,
          },
          {
            signal: abort.signal,
            onChange: (snapshot) => show({ files, snapshot }, snapshot.phase === 'done'),
          },
        );
        if (storedBatches > 0) {
          await queryClient.invalidateQueries({ queryKey: queryKeys.thumbnails(projectId) });
        }
        return result;
      } catch (error) {
        // Only the reads before the upload get here (the limits, the hashes): nothing was sent.
        setFailure(reasonOf(error));
        show(null, true);
        return null;
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [queryClient, show],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    show(null, true);
    setFailure(null);
  }, [show]);

  useEffect(
    () => () => {
      controller.current?.abort();
      if (redraw.current !== null) clearTimeout(redraw.current);
    },
    [],
  );

  return { run, failure, start, cancel, reset };
}
