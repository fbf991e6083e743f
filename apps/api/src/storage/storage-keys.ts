import { randomUUID } from 'node:crypto';

/**
 * Where each file lives; one prefix per user, project, image and prediction, so deletes are one call.
 *
 * An image's folder is named by a random id drawn before its row is inserted, and the row records it
 * (`storage_prefix`): a folder name is never handed out twice, so files a killed upload or a failed
 * delete left behind can never mix with a later image's, whatever ids the database reuses. Images
 * stored before that keep their id-named folders (`…/images/12`), recorded the same way, so nothing
 * moves. Owner and project folders stay named by id: a reused one only ever holds folders that no
 * row records, which the orphan sweep removes.
 */
export const storageKeys = {
  /**
   * The folder that holds every organisation's folder. Named before organisations existed: every
   * user then got an organisation with their id, so each folder kept naming the same data.
   */
  users: 'users',
  organisation: (owner: number) => `users/${owner}`,
  /** The folder that holds the owner's project folders. */
  projects: (owner: number) => `users/${owner}/projects`,
  project: (owner: number, projectId: number) => `users/${owner}/projects/${projectId}`,
  /** The folder that holds the project's image folders. */
  images: (owner: number, projectId: number) => `users/${owner}/projects/${projectId}/images`,
  /** One image folder, by its name (see newImage). */
  image: (owner: number, projectId: number, folder: string) =>
    `users/${owner}/projects/${projectId}/images/${folder}`,
  /** A new image's folder, unique for good: drawn before its row is inserted, which records it. */
  newImage: (owner: number, projectId: number) => storageKeys.image(owner, projectId, randomUUID()),
  /**
   * One image's results of one request: fixed per image and request, so a retry overwrites them.
   * Never shared: a request id comes back (SQLite reuses a deleted last id) only once its project,
   * and so every image it could hold, is deleted; a rolled-back request never ran, so it wrote nothing.
   */
  requestResults: (imagePrefix: string, requestId: number) =>
    `${imagePrefix}/predictions/request-${requestId}`,
  /** One data export's folder (issue 43 §4), removed whole when its link expires. */
  dataExport: (owner: number, exportId: number) => `users/${owner}/exports/${exportId}`,
  /** The folder of every GA drawing a vessel had (issue 40 §1), removed with the vessel. */
  vesselGaDrawings: (owner: number, vesselId: number) => `users/${owner}/vessels/${vesselId}/ga-drawing`,
  /**
   * One uploaded GA drawing's folder, random like newImage's: a replacement is written beside the
   * drawing it replaces, so the row never names a half-written file.
   */
  newVesselGaDrawing: (owner: number, vesselId: number) =>
    `${storageKeys.vesselGaDrawings(owner, vesselId)}/${randomUUID()}`,
  /** A file under one of the prefixes above, named by imageFiles or predictionFiles. */
  file: (prefix: string, fileName: string) => `${prefix}/${fileName}`,
};

/** Ids as storageKeys writes them in folder names: no sign, no leading zero, within integer range. */
const ID_NAME = /^[1-9]\d{0,15}$/;
/** The names newImage draws (randomUUID: version 4, lower case). */
const RANDOM_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The id a user or project folder is named by; undefined for a name storageKeys never writes. */
export function idOfFolder(name: string): number | undefined {
  if (!ID_NAME.test(name)) return undefined;
  const id = Number(name);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** Whether `name` is one storageKeys gives an image folder: a random id, or an image id from before. */
export function isImageFolderName(name: string): boolean {
  return RANDOM_NAME.test(name) || idOfFolder(name) !== undefined;
}

/**
 * Whether `key` (or a path ending in one) is an upload's kept model input: derived from the original,
 * deleted once used, so backups leave it out (a prediction without it decodes the original to the
 * same bytes).
 */
export function isKeptStandardInput(key: string): boolean {
  return key.endsWith(`/${imageFiles.standardInput}`);
}

/** The files of an image and of a prediction, relative to their prefixes. */
export const imageFiles = {
  original: (format: string) => `original.${format === 'jpeg' ? 'jpg' : format}`,
  thumbnail: 'thumbnail.jpg',
  /** thumbnail.jpg's base64 text, as the thumbnail list sends it (see base64-copy.ts). */
  thumbnailBase64: 'thumbnail.b64',
  preview: 'preview.jpg',
  /**
   * The model's input at the standard resolution, kept from the upload's decode until a prediction
   * at that resolution has used it (standard-input.ts), in a folder of its own so it is deleted alone.
   */
  standardInputFolder: 'model-input',
  standardInput: 'model-input/standard.rgb',
} as const;

export const predictionFiles = {
  org: 'ORG.jpg',
  pred: 'PRED.png',
  stat: 'STAT.png',
  thumbnail: 'thumbnail.jpg',
  /** thumbnail.jpg's base64 text, as the prediction thumbnails list sends it. */
  thumbnailBase64: 'thumbnail.b64',
} as const;
