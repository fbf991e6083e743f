import type { LabelPercentage } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { renderStatChart } from '../../inference/stat-chart.js';
import { isMissing } from '../../storage/fs-errors.js';
import type { Storage } from '../../storage/storage.js';
import { predictionFiles, storageKeys } from '../../storage/storage-keys.js';
import { predictionsRepository } from './predictions.repository.js';

/** What the model's own STAT chart of a prediction is drawn from: its row, with its model's manifest. */
export interface ModelStatSource {
  id: number;
  owner: number;
  storage_prefix: string;
  /** The model's own percentages (JSON): the row's while no person's mask version replaced them. */
  percentages: string;
  /** The manifest's name when the model ran; null for predictions that have their STAT.png (0027). */
  model_name: string | null;
  model_version: string;
  /** The manifest as registered now: its name stands in for a missing model_name. */
  model_manifest: string;
}

/** The chart's title, exactly as the pipeline wrote it: `${manifest.name} ${manifest.version}`. */
export function modelStatTitle(source: ModelStatSource): string {
  const name = source.model_name ?? (JSON.parse(source.model_manifest) as { name: string }).name;
  return `${name} ${source.model_version}`;
}

async function storedOrMissing(storage: Storage, key: string): Promise<Buffer | undefined> {
  try {
    return await storage.getBuffer(key);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/**
 * The model's own STAT.png of a prediction (mask version 0): read from under its prefix, or, the first
 * time it is asked for, drawn from the stored percentages and title, stored there and answered. Two
 * readers at once draw the same bytes and each store them whole (putBuffer is atomic on every
 * adapter). A prediction deleted while its chart was drawn has its folder removed again, so the chart
 * stored after the delete's own removal leaves nothing behind.
 */
export async function modelStatChart(
  db: Kysely<DB>,
  storage: Storage,
  source: ModelStatSource,
): Promise<Buffer> {
  const key = storageKeys.file(source.storage_prefix, predictionFiles.stat);
  const stored = await storedOrMissing(storage, key);
  if (stored) return stored;
  const percentages = JSON.parse(source.percentages) as LabelPercentage[];
  const chart = await renderStatChart(percentages, modelStatTitle(source));
  await storage.putBuffer(key, chart);
  // Checked after storing: a delete commits its rows before removing files, so either it removes
  // this chart or this check sees the row gone.
  const recorded = await predictionsRepository(db).isRecorded(source.owner, source.id, source.storage_prefix);
  if (!recorded) await storage.deletePrefix(source.storage_prefix);
  return chart;
}
