import { z } from 'zod';
import { MAX_DATABASE_ID, id, predictionConfidenceFields, queryInteger } from './common.js';
import { QualityThresholdValues, imageQualityField } from './quality.js';

/** The areas of a hull an image can show (issue 18 §3), in the order a survey walks the hull. */
export const HULL_ZONES = [
  'flat_bottom',
  'vertical_side_port',
  'vertical_side_starboard',
  'boot_top',
  'bow',
  'bulbous_bow',
  'stern',
  'transom',
  'propeller',
  'rudder',
  'sea_chest',
  'gratings',
  'bow_thruster',
  'stern_thruster',
  'bilge_keels',
  'anodes',
  'stabilisers',
  'rope_guard_shaft',
  'other',
] as const;
export const HullZone = z.enum(HULL_ZONES, {
  error: (issue) => `"${String(issue.input)}" is not a valid hull zone.`,
});
export type HullZone = z.infer<typeof HullZone>;

/** What people read for each zone, in the web app and in reports. */
export const hullZoneLabels: Record<HullZone, string> = {
  flat_bottom: 'Flat bottom',
  vertical_side_port: 'Vertical side (port)',
  vertical_side_starboard: 'Vertical side (starboard)',
  boot_top: 'Boot top',
  bow: 'Bow',
  bulbous_bow: 'Bulbous bow',
  stern: 'Stern',
  transom: 'Transom',
  propeller: 'Propeller',
  rudder: 'Rudder',
  sea_chest: 'Sea chest',
  gratings: 'Gratings',
  bow_thruster: 'Bow thruster',
  stern_thruster: 'Stern thruster',
  bilge_keels: 'Bilge keels',
  anodes: 'Anodes',
  stabilisers: 'Stabilisers',
  rope_guard_shaft: 'Rope guard / shaft',
  other: 'Other',
};

/**
 * An image's zone in answers: one of HULL_ZONES, or null while unassigned. The API always sends it;
 * optional in the schema as an addition to the spec's shapes (issue 18: new fields are optional).
 */
const hullZoneField = () => HullZone.nullable().optional().describe('Hull zone (see HULL_ZONES) or null');

export const ImageThumbnail = z
  .object({ id, image_name: z.string(), base64_thumbnail: z.string(), hull_zone: hullZoneField() })
  .meta({ id: 'ImageThumbnail' });
export type ImageThumbnail = z.infer<typeof ImageThumbnail>;
export const ImageThumbnailList = z.array(ImageThumbnail);

export const FullImage = z
  .object({
    id,
    image_name: z.string(),
    base64_image: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    hull_zone: hullZoneField(),
    quality: imageQualityField(),
  })
  .meta({ id: 'FullImage' });
export type FullImage = z.infer<typeof FullImage>;

/** "Named list with message" (spec §3): what an upload created. */
export const NamedListWithMessage = z
  .object({ message: z.string(), data: z.array(z.object({ id, name: z.string() })) })
  .meta({ id: 'NamedListWithMessage' });
export type NamedListWithMessage = z.infer<typeof NamedListWithMessage>;

/**
 * An image's SHA-256 (hex, of the bytes uploaded), so a client can skip files the project already
 * holds before sending them (issue 24: re-running an upload after a dropped connection is safe).
 */
export const ImageHash = z
  .object({
    id,
    image_name: z.string(),
    content_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .meta({ id: 'ImageHash' });
export type ImageHash = z.infer<typeof ImageHash>;
export const ImageHashList = z.array(ImageHash);

/**
 * The server's upload limits (UPLOAD_MAX_FILES, UPLOAD_MAX_FILE_MB, UPLOAD_MAX_MEGAPIXELS), so a
 * client sending many files splits them into requests the server accepts.
 */
export const UploadLimits = z
  .object({
    max_files: z.number().int().positive(),
    max_file_bytes: z.number().int().positive(),
    max_pixels: z.number().int().positive(),
    quality_thresholds: QualityThresholdValues.optional().describe(
      "The server's photo quality thresholds (IMAGE_QUALITY_THRESHOLDS over the defaults), so video frames judged in the browser are graded as uploads are (issue 46 §1); an addition to the spec",
    ),
  })
  .meta({ id: 'UploadLimits' });
export type UploadLimits = z.infer<typeof UploadLimits>;

/** The multipart form field of an upload that sets every uploaded image's zone. */
export const UPLOAD_HULL_ZONE_FIELD = 'hull_zone';

/** An image's details without its pixels: the answer of an image update. */
export const ImageSummary = z
  .object({
    id,
    image_name: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    hull_zone: hullZoneField(),
  })
  .meta({ id: 'ImageSummary' });
export type ImageSummary = z.infer<typeof ImageSummary>;

/** PATCH an image: its zone (null: unassigned); an absent field leaves it as it is. */
export const ImageUpdateRequest = z
  .object({ hull_zone: HullZone.nullable().optional() })
  .meta({ id: 'ImageUpdateRequest' });
export type ImageUpdateRequest = z.infer<typeof ImageUpdateRequest>;

/** The most images one call of the batch zone update changes: a survey of several thousand photos. */
export const IMAGES_ZONE_UPDATE_MAX = 10_000;

/** Sets (or, with null, clears) the hull zone of many images of one project: all of them or none. */
export const ImagesZoneUpdateRequest = z
  .object({
    images: z
      .array(id)
      .min(1, 'Choose at least one image.')
      .max(IMAGES_ZONE_UPDATE_MAX, `Ensure this list has at most ${IMAGES_ZONE_UPDATE_MAX} elements.`),
    hull_zone: HullZone.nullable(),
  })
  .meta({ id: 'ImagesZoneUpdateRequest' });
export type ImagesZoneUpdateRequest = z.infer<typeof ImagesZoneUpdateRequest>;

export const ImagesZoneUpdated = z
  .object({
    updated: z.number().int().min(0).describe('Images whose zone is now `hull_zone` (each id once)'),
    hull_zone: HullZone.nullable(),
  })
  .meta({ id: 'ImagesZoneUpdated' });
export type ImagesZoneUpdated = z.infer<typeof ImagesZoneUpdated>;

/** The most thumbnails one page of `GET …/thumbnails/?limit=` holds. */
export const THUMBNAIL_PAGE_MAX = 200;

/**
 * Optional paging of the thumbnail list: without either parameter the whole list, as spec §7
 * describes it. An offset past the end gives an empty page, not an error.
 */
export const ThumbnailsQuery = z.object({
  offset: queryInteger(0, MAX_DATABASE_ID).optional(),
  limit: queryInteger(1, THUMBNAIL_PAGE_MAX).optional(),
});
export type ThumbnailsQuery = z.output<typeof ThumbnailsQuery>;

/**
 * One prediction an image has: which model at which resolution (a web app's filter needs no
 * pixels), and how sure the model was.
 */
export const ImagePredictionKey = z
  .object({ prediction_id: id, model_id: id, resolution_id: id, ...predictionConfidenceFields })
  .meta({ id: 'ImagePredictionKey' });
export type ImagePredictionKey = z.infer<typeof ImagePredictionKey>;

/**
 * An image's details without pixels, for sorting and filtering a project's images (issue 22): the
 * upload time and the predictions it has, so a client can count them, filter by model and
 * resolution, and pick the images that still lack one.
 */
export const ImageDetails = z
  .object({
    id,
    image_name: z.string(),
    uploaded_at: z.string().describe('ISO 8601 UTC time of the upload'),
    width: z.number().int(),
    height: z.number().int(),
    hull_zone: hullZoneField(),
    predictions: z.array(ImagePredictionKey),
    quality: imageQualityField(),
  })
  .meta({ id: 'ImageDetails' });
export type ImageDetails = z.infer<typeof ImageDetails>;
export const ImageDetailsList = z.array(ImageDetails);

/**
 * The upload limits a server has unless its operator sets UPLOAD_MAX_FILES, UPLOAD_MAX_FILE_MB and
 * UPLOAD_MAX_MEGAPIXELS; the web app's upload dialog states them. Formats are what the server decodes.
 */
export const UPLOAD_DEFAULT_LIMITS = { maxFiles: 20, maxFileMb: 50, maxMegapixels: 100 } as const;
export const UPLOAD_FORMATS_TEXT = 'JPEG, PNG, WebP, TIFF or HEIC';
