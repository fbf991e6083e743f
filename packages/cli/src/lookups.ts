import {
  type CvModel,
  type HullscopeClient,
  HullscopeApiError,
  type Project,
  type Resolution,
} from '@hullscope/client';
import { CliError, EXIT, usageError } from './exit-codes.js';

/** A positive whole number given on the command line (a project id). */
export function parseId(value: string, what: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 2_147_483_647) {
    throw usageError(`${what} must be a positive whole number, not "${value}".`);
  }
  return Number(value);
}

/** The project, or a clear "not found" (another organisation's project is not found either). */
export async function findProject(client: HullscopeClient, projectId: number): Promise<Project> {
  try {
    return await client.getProject({ params: { id: projectId } });
  } catch (error) {
    if (error instanceof HullscopeApiError && error.status === 404) {
      throw new CliError(
        `Project ${projectId} not found in this organisation (hullscope projects list shows them).`,
        EXIT.notFound,
      );
    }
    throw error;
  }
}

/** The model's folder name on the server (`evo` for …/evo/model.onnx): the name operators use. */
export function modelKeyOf(model: CvModel): string {
  const parts = model.filename.split(/[\\/]/).filter(Boolean);
  return (parts.length > 1 ? parts[parts.length - 2]! : model.name).toLowerCase();
}

/** An active model by its id, its key (`evo`) or its name (`Evo`), case-insensitively. */
export async function findModel(client: HullscopeClient, wanted: string): Promise<CvModel> {
  const models = await client.listModels();
  const lower = wanted.toLowerCase();
  const model = models.find(
    (candidate) =>
      String(candidate.id) === wanted ||
      modelKeyOf(candidate) === lower ||
      candidate.name.toLowerCase() === lower,
  );
  if (!model) {
    const known = models.map((candidate) => modelKeyOf(candidate)).join(', ') || 'none';
    throw new CliError(`No active model "${wanted}". Models: ${known}.`, EXIT.notFound);
  }
  return model;
}

/** An active resolution by its id or name (`standard`, `fullhd`). */
export async function findResolution(client: HullscopeClient, wanted: string): Promise<Resolution> {
  const resolutions = await client.listResolutions();
  const lower = wanted.toLowerCase();
  const resolution = resolutions.find(
    (candidate) => String(candidate.id) === wanted || candidate.name.toLowerCase() === lower,
  );
  if (!resolution) {
    const known = resolutions.map((candidate) => candidate.name).join(', ') || 'none';
    throw new CliError(`No active resolution "${wanted}". Resolutions: ${known}.`, EXIT.notFound);
  }
  return resolution;
}
