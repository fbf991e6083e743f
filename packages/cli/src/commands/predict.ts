import type { HullscopeClient, RequestStatus } from '@hullscope/client';
import { CliError, EXIT } from '../exit-codes.js';
import { findModel, findProject, findResolution, modelKeyOf } from '../lookups.js';
import { progressBar } from '../progress.js';

export interface PredictOptions {
  projectId: number;
  model: string;
  resolution: string;
  wait?: boolean;
  intervalMs?: number;
}

/** The most images one prediction request takes (SchedulePayload). */
const REQUEST_MAX_IMAGES = 1000;

async function waitWithBar(client: HullscopeClient, requestId: number, total: number, intervalMs: number) {
  const bar = progressBar(`Request ${requestId}`, 'images');
  bar.start(total, 0, { suffix: '' });
  try {
    return await client.waitForRequest(requestId, {
      intervalMs,
      onProgress: (status: RequestStatus) => {
        const { done, failed } = status.progress;
        bar.update(done + failed, { suffix: failed > 0 ? `, ${failed} failed` : '' });
      },
    });
  } finally {
    bar.stop();
  }
}

/**
 * Runs a model over the project's photos that lack its prediction at that resolution, charging the
 * credits; with --wait, shows progress until the request finishes and fails (exit 1) unless every
 * image was predicted. More than 1000 photos go as consecutive requests (one runs at a time).
 */
export async function predict(client: HullscopeClient, options: PredictOptions): Promise<void> {
  const project = await findProject(client, options.projectId);
  const [model, resolution] = await Promise.all([
    findModel(client, options.model),
    findResolution(client, options.resolution),
  ]);
  const details = await client.listImageDetails({ params: { id: project.id } });
  const missing = details
    .filter(
      (image) =>
        !image.predictions.some(
          (prediction) => prediction.model_id === model.id && prediction.resolution_id === resolution.id,
        ),
    )
    .map((image) => image.id);
  const what = `${model.name} (${modelKeyOf(model)}) at ${resolution.name}`;
  if (missing.length === 0) {
    process.stdout.write(
      details.length === 0
        ? `Project ${project.id} has no photos yet: run hullscope upload first.\n`
        : `Every photo of project ${project.id} already has a prediction of ${what}.\n`,
    );
    return;
  }

  for (let start = 0; start < missing.length; start += REQUEST_MAX_IMAGES) {
    const images = missing.slice(start, start + REQUEST_MAX_IMAGES);
    const payload = { model: model.id, resolution: resolution.id, images };
    const check = await client.validatePredictRequest({ params: { id: project.id }, body: payload });
    if (!check.data.valid) {
      throw new CliError(`The prediction was not started: ${check.message}`, EXIT.failed);
    }
    const created = await client.requestPredict({ params: { id: project.id }, body: payload });
    process.stdout.write(
      `Prediction request ${created.request_id} queued: ${images.length} photos with ${what}, ` +
        `${check.data.required_credits} credits.\n`,
    );
    const later = missing.length - start - images.length;
    if (!options.wait) {
      if (later > 0) process.stdout.write(`${later} more photos: run predict again once it has finished.\n`);
      return;
    }
    const status = await waitWithBar(client, created.request_id, images.length, options.intervalMs ?? 1000);
    const { done, failed, total } = status.progress;
    if (status.status === 'FAILED' || failed > 0) {
      throw new CliError(
        `Prediction request ${created.request_id} ${status.status === 'FAILED' ? 'failed' : 'finished with failures'}: ` +
          `${done} of ${total} photos predicted, ${failed} failed (their credits are refunded).`,
        EXIT.failed,
      );
    }
    process.stdout.write(
      `Prediction request ${created.request_id} finished: ${done} of ${total} photos predicted.\n`,
    );
  }
}
