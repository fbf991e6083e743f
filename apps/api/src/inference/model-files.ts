import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { ModelManifest } from '@hullscope/contract';

export const MODEL_FILE = 'model.onnx';
export const MANIFEST_FILE = 'manifest.json';

export interface ModelFolder {
  /** The folder name: the model's stable key. */
  key: string;
  directory: string;
  manifest: ModelManifest;
}

/** One problem of a manifest; one under `classes` names the class by its label, as the operator knows it. */
function describeIssue(raw: unknown, issue: { path: PropertyKey[]; message: string }): string {
  const [first, index, ...rest] = issue.path;
  if (first === 'classes' && typeof index === 'number') {
    const classes = (raw as { classes?: { label?: unknown }[] }).classes;
    const label = classes?.[index]?.label;
    const name = typeof label === 'string' ? `class "${label}" (classes.${index})` : `classes.${index}`;
    return `${name}${rest.length > 0 ? ` ${rest.map(String).join('.')}` : ''}: ${issue.message}`;
  }
  return `${issue.path.map(String).join('.')}: ${issue.message}`;
}

/** Reads and checks `<dir>/manifest.json` beside `<dir>/model.onnx` (architecture.md §4). */
export async function readModelFolder(directory: string): Promise<ModelFolder> {
  if (!existsSync(path.join(directory, MODEL_FILE))) throw new Error(`${directory} has no ${MODEL_FILE}`);
  const raw = JSON.parse(await readFile(path.join(directory, MANIFEST_FILE), 'utf8')) as unknown;
  const parsed = ModelManifest.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => describeIssue(raw, issue)).join('; ');
    throw new Error(`${path.join(directory, MANIFEST_FILE)} is not a valid manifest: ${problems}`);
  }
  return { key: path.basename(directory), directory, manifest: parsed.data };
}

/** Every `<id>/` under the models directory that holds a model and a manifest. */
export async function listModelFolders(modelsDir: string): Promise<string[]> {
  const entries = await readdir(modelsDir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(modelsDir, entry.name))
    .filter((directory) => existsSync(path.join(directory, MANIFEST_FILE)))
    .sort();
}
