/** Where each file lives; one prefix per user, project, image and prediction, so deletes are one call. */
export const storageKeys = {
  user: (owner: number) => `users/${owner}`,
  project: (owner: number, projectId: number) => `users/${owner}/projects/${projectId}`,
  image: (owner: number, projectId: number, imageId: number) =>
    `users/${owner}/projects/${projectId}/images/${imageId}`,
  /** One image's results of one request: fixed per image and request, so a retry overwrites them. */
  requestResults: (imagePrefix: string, requestId: number) =>
    `${imagePrefix}/predictions/request-${requestId}`,
  /** A file under one of the prefixes above, named by imageFiles or predictionFiles. */
  file: (prefix: string, fileName: string) => `${prefix}/${fileName}`,
};

/** The files of an image and of a prediction, relative to their prefixes. */
export const imageFiles = {
  original: (format: string) => `original.${format === 'jpeg' ? 'jpg' : format}`,
  thumbnail: 'thumbnail.jpg',
  /** thumbnail.jpg's base64 text, as the thumbnail list sends it (see base64-copy.ts). */
  thumbnailBase64: 'thumbnail.b64',
  preview: 'preview.jpg',
} as const;

export const predictionFiles = {
  org: 'ORG.jpg',
  pred: 'PRED.png',
  stat: 'STAT.png',
  thumbnail: 'thumbnail.jpg',
  /** thumbnail.jpg's base64 text, as the prediction thumbnails list sends it. */
  thumbnailBase64: 'thumbnail.b64',
} as const;
