import { randomUUID } from 'node:crypto';
import { storageKeys } from '../../storage/storage-keys.js';

/**
 * Where the PRED.png and STAT.png of the prediction's newest mask are: the model's own files (never
 * changed) until a person saves a version, then that version's folder.
 */
export function currentMaskPrefix(prediction: {
  storage_prefix: string;
  mask_prefix: string | null;
}): string {
  return prediction.mask_prefix ?? prediction.storage_prefix;
}

/**
 * A new folder for one save under the prediction's (deleted with it). Never reused: two saves of
 * the same prediction at once each write their own, and the one that loses removes its folder.
 */
export function newMaskVersionPrefix(storagePrefix: string, version: number): string {
  return storageKeys.file(storagePrefix, `masks/v${version}-${randomUUID()}`);
}
