/** Query keys shared across features, so one feature can refresh another's data without importing it. */
export const queryKeys = {
  user: ['user'] as const,
  /** The organisation requests act in, with the user's role there. */
  organisation: ['organisation'] as const,
  organisations: ['organisations'] as const,
  members: ['organisation', 'members'] as const,
  invitations: ['organisation', 'invitations'] as const,
  auditEvents: ['organisation', 'audit'] as const,
  webhooks: ['organisation', 'webhooks'] as const,
  webhookDeliveries: (webhookId: number) => ['organisation', 'webhooks', webhookId, 'deliveries'] as const,
  apiKeys: ['organisation', 'api-keys'] as const,
  shareLinks: (projectId: number) => ['projects', projectId, 'share-links'] as const,
  company: ['company'] as const,
  countries: ['countries'] as const,
  credits: ['credits'] as const,
  creditPrices: ['credit-prices'] as const,
  transactions: ['transactions'] as const,
  projects: ['projects'] as const,
  predictionCount: (projectId: number) => ['projects', projectId, 'prediction-count'] as const,
  thumbnails: (projectId: number) => ['projects', projectId, 'thumbnails'] as const,
  /** One page of thumbnails (offset page × THUMBNAIL_PAGE_SIZE), under the thumbnails' key. */
  thumbnailPage: (projectId: number, page: number) =>
    ['projects', projectId, 'thumbnails', 'page', page] as const,
  /** Under the thumbnails' key: invalidating the thumbnails refreshes it as well. */
  imageDetails: (projectId: number) => ['projects', projectId, 'thumbnails', 'details'] as const,
  /** Every image's own query of the project (the prefix of `image`). */
  images: (projectId: number) => ['projects', projectId, 'images'] as const,
  image: (projectId: number, imageId: number) => ['projects', projectId, 'images', imageId] as const,
  predictionThumbnails: (projectId: number, imageId: number) =>
    ['projects', projectId, 'images', imageId, 'prediction-thumbnails'] as const,
  predictionSet: (projectId: number, predictionId: number) =>
    ['projects', projectId, 'prediction-sets', predictionId] as const,
  maskVersions: (projectId: number, predictionId: number) =>
    ['projects', projectId, 'prediction-sets', predictionId, 'mask-versions'] as const,
  reviewQueue: (projectId: number) => ['projects', projectId, 'review-queue'] as const,
  /** How far each model agrees with the project's reviewers (issue 39 §7). */
  projectAgreement: (projectId: number) => ['projects', projectId, 'agreement'] as const,
  organisationAgreement: ['organisation', 'agreement'] as const,
  revisions: (projectId: number) => ['projects', projectId, 'revisions'] as const,
  /** Every inspection summary of the project, whatever model and resolution (their prefix). */
  inspectionSummaries: (projectId: number) => ['projects', projectId, 'inspection-summary'] as const,
  inspectionSummary: (projectId: number, model?: number, resolution?: number, includePoor?: boolean) =>
    [
      'projects',
      projectId,
      'inspection-summary',
      model ?? null,
      resolution ?? null,
      includePoor ?? null,
    ] as const,
  vessels: ['vessels'] as const,
  vessel: (vesselId: number) => ['vessels', vesselId] as const,
  hullPlan: (vesselId: number, updatedAt: string) => ['vessels', vesselId, 'hull-plan', updatedAt] as const,
  /** The vessel's own GA drawing (null when it has none) and, by its upload time, its image. */
  gaDrawing: (vesselId: number) => ['vessels', vesselId, 'ga-drawing'] as const,
  gaDrawingImage: (vesselId: number, uploadedAt: string) =>
    ['vessels', vesselId, 'ga-drawing', 'image', uploadedAt] as const,
  recordBook: (vesselId: number) => ['vessels', vesselId, 'record-book'] as const,
  cleanings: (vesselId: number) => ['vessels', vesselId, 'cleanings'] as const,
  cleaningComparison: (vesselId: number, cleaningId: number) =>
    ['vessels', vesselId, 'cleanings', cleaningId, 'comparison'] as const,
  /** An inspection's checklist and decisions, under its project (every model and resolution). */
  inspectionAreas: (projectId: number) => ['projects', projectId, 'inspection-areas'] as const,
  /** An inspection's photos as pins on its vessel's plan. */
  planPins: (projectId: number) => ['projects', projectId, 'plan-pins'] as const,
  decisionRules: ['decision-rules'] as const,
  fuelPenalty: (projectId: number) => ['projects', projectId, 'fuel-penalty'] as const,
  models: ['cvmodels'] as const,
  resolutions: ['resolutions'] as const,
  currentRequest: ['requests', 'current'] as const,
  request: (requestId: number) => ['requests', requestId] as const,
  dataExport: (exportId: number) => ['data-exports', exportId] as const,
};
