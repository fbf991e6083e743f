import type {
  AntifoulingCondition,
  AreaStatus,
  HullZone,
  InspectionMethod,
  NotInspectedReason,
  OrganisationRole,
  SeaChestSide,
  Visibility,
} from '@hullscope/contract';
import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types shared by SQLite and PostgreSQL. Times are ISO 8601 UTC strings on both, so the same
 * queries compare and sort them the same way; flags are nullable timestamps rather than booleans.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  email_confirmed_at: string | null;
  /** An address the user asked to change to, not yet confirmed through the link sent to it. */
  pending_email: string | null;
  /** Bumped to revoke every refresh token issued before (password change, reset, deletion). */
  session_version: Generated<number>;
  /** The organisation the API acts in when a request names none; null until one is chosen. */
  last_organisation_id: number | null;
  created_at: string;
  updated_at: string;
}

/** Who owns vessels, projects, the company record and the credit wallet (issue 38). */
export interface OrganisationsTable {
  id: Generated<number>;
  name: string;
  /** Cached balance; always the sum of the organisation's settled ledger rows, never below zero. */
  credits: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface MembershipsTable {
  id: Generated<number>;
  organisation_id: number;
  user_id: number;
  role: OrganisationRole;
  created_at: string;
  updated_at: string;
}

export interface InvitationsTable {
  id: Generated<number>;
  organisation_id: number;
  /** As typed by the inviter; compared case-insensitively. */
  email: string;
  role: OrganisationRole;
  /** SHA-256 of the link's token: the token itself is only in the e-mail. */
  token_hash: string;
  invited_by: number | null;
  created_at: string;
  /** When the link was last e-mailed; a resend draws a new token and moves the expiry. */
  sent_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: number | null;
  revoked_at: string | null;
}

/** Append-only: inserted by features/audit and deleted only past the retention period. */
export interface AuditEventsTable {
  id: Generated<number>;
  organisation_id: number | null;
  actor_id: number | null;
  /** The actor's username when it happened, kept after the account is gone. */
  actor_name: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  /** JSON object with what else the action needs to be understood (a role, an amount). */
  detail: string | null;
  client_address: string | null;
  created_at: string;
}

/** An API key's current rate-limit window (migration 0029, key-rate-limit.ts). */
export interface ApiKeyRateWindowsTable {
  key_id: number;
  window_started_at: string;
  requests: number;
}

/** Issue 41 §1: an organisation's API keys; the secret itself is never stored. */
export interface ApiKeysTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  /** The secret's first characters, shown in lists. */
  prefix: string;
  /** SHA-256 of the secret, hex. */
  secret_hash: string;
  /** Comma-separated ApiKeyScope values. */
  scopes: string;
  created_by: number | null;
  /** The creator's username when it was made, kept after the account is gone. */
  created_by_name: string | null;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  last_used_address: string | null;
}

export interface ShareLinksTable {
  id: Generated<number>;
  organisation_id: number;
  project_id: number;
  /** SHA-256 of the link's token. */
  token_hash: string;
  label: string | null;
  created_by: number | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  views: Generated<number>;
  last_viewed_at: string | null;
}

export type OneTimeTokenPurpose = 'confirm_email' | 'reset_password' | 'change_email';

export interface OneTimeTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: OneTimeTokenPurpose;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** One counted event (a failed or reserved login, a registration, a reset request) under a key. */
export interface ThrottleEventsTable {
  id: Generated<number>;
  throttle_key: string;
  created_at: string;
}

export interface CompaniesTable {
  // Text fields default to empty: the record exists from sign-up and is filled in later.
  id: Generated<number>;
  owner: number;
  name: Generated<string>;
  address: Generated<string>;
  address_2: Generated<string>;
  city: Generated<string>;
  zip: Generated<string>;
  state: Generated<string>;
  country: Generated<string>;
  tax_id: Generated<string>;
  created_at: string;
  updated_at: string;
}

export type LedgerKind = 'signup_bonus' | 'purchase' | 'prediction' | 'refund' | 'admin_grant';
export type LedgerStatus = 'SETTLED' | 'PENDING' | 'PAID' | 'FAILED' | 'EXPIRED';

export interface CreditLedgerTable {
  id: Generated<number>;
  /** The wallet; null once the organisation is deleted: purchases stay as anonymised billing records. */
  organisation_id: number | null;
  /** The member who acted (null for the system's own rows, and once the account is deleted). */
  user_id: number | null;
  kind: LedgerKind;
  amount: number;
  status: LedgerStatus;
  reason: string | null;
  prediction_request_id: number | null;
  created_at: string;
}

export interface ProjectsTable {
  id: Generated<number>;
  owner: number;
  name: string;
  location: string;
  description: string | null;
  /** Inspection details (migration 0009): all null when not recorded. The inspected vessel. */
  vessel_id: number | null;
  /** YYYY-MM-DD. */
  inspection_date: string | null;
  inspection_method: InspectionMethod | null;
  /** The person or organisation that inspected. */
  inspector: string | null;
  visibility: Visibility | null;
  created_at: string;
  updated_at: string;
  /** Raised by every insert, delete and zone change of the project's images (migration 0013). */
  images_version: Generated<number>;
  /** Raised by every change of a photo's place on the hull plan (migration 0026); signing compares it. */
  plan_version: Generated<number>;
  /** Raised by every prediction stored for the project's images (migration 0013). */
  predictions_version: Generated<number>;
  /** The signed revision while the inspection is signed; null while open (migration 0021). */
  signed_revision: number | null;
}

/** A ship of the user's fleet (issue 18 §1); optional details are null until given. */
export interface VesselsTable {
  id: Generated<number>;
  owner: number;
  name: string;
  /** Seven digits with a valid check digit; unique per owner. */
  imo_number: string | null;
  /** ISO 3166-1 alpha-2 code of the flag state. */
  flag: string | null;
  vessel_type: string | null;
  gross_tonnage: number | null;
  antifouling_system: string | null;
  /** Particulars (issue 40 §1): metres, counts; booleans as 0/1. */
  length_overall_m: number | null;
  beam_m: number | null;
  design_draught_m: number | null;
  propellers: number | null;
  bow_thrusters: number | null;
  stern_thrusters: number | null;
  sea_chests: number | null;
  sea_chest_side: SeaChestSide | null;
  bilge_keels: number | null;
  stabilisers: number | null;
  inspection_interval_days: number | null;
  idle_days: number | null;
  outside_operating_profile: number | null;
  created_at: string;
  updated_at: string;
}

/** One area of an inspection's checklist (issue 40 §3); an area without a row is undecided. */
/** A photo's point on the hull plan (migration 0022): no row while it is placed by its zone. */
export interface ImagePlanPositionsTable {
  image_id: number;
  view: 'port' | 'starboard' | 'bottom';
  from_aft_m: number;
  /** Height above the keel in a side view; offset from the centreline (port positive) in the bottom. */
  across_m: number;
  placement: 'dragged' | 'interpolated';
  updated_at: string;
}

/** A vessel's own GA drawing (migration 0025), stored under storage_key. */
export interface VesselGaDrawingsTable {
  vessel_id: number;
  owner: number;
  storage_key: string;
  content_type: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  size_bytes: number;
  uploaded_by: number | null;
  uploaded_by_name: string | null;
  uploaded_at: string;
}

/** A hull zone's rectangle on its vessel's GA drawing, in the drawing's pixels. */
export interface VesselGaZonesTable {
  vessel_id: number;
  hull_zone: HullZone;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface InspectionAreasTable {
  project_id: number;
  hull_zone: HullZone;
  status: AreaStatus | null;
  not_inspected_reason: NotInspectedReason | null;
  inspector_rating: number | null;
  antifouling_condition: AntifoulingCondition | null;
  notes: string | null;
  updated_at: string;
}

/** An owner's decision rules as JSON (DecisionRule[]); no row: the defaults. */
export interface DecisionRulesTable {
  owner: number;
  rules: string;
  updated_at: string;
}

/** Credit tiers set by an operator; when the table is empty the CREDIT_PRICES configuration applies. */
export interface CreditPricesTable {
  amount: number;
  /** Euro cents, excluding VAT. */
  price_cents: number;
  updated_at: string;
}

export type PaymentProviderName = 'sandbox' | 'stripe';
export type PaymentStatus = 'PENDING' | 'PAID' | 'FAILED' | 'EXPIRED';

/** One checkout of a credit purchase; its ledger row (kind 'purchase') is what counts for the balance. */
export interface PaymentsTable {
  id: Generated<number>;
  ledger_id: number;
  provider: PaymentProviderName;
  /** The provider's checkout session; null only until the provider has answered. */
  session_id: string | null;
  status: PaymentStatus;
  credits: number;
  /** Amounts in cents of `currency`: the tier's net price, the VAT charged and what was paid. */
  net_cents: number;
  tax_cents: number | null;
  total_cents: number | null;
  currency: string;
  vat_note: string | null;
  /** JSON snapshot of the billing details the purchase was made with. */
  billing_details: string | null;
  created_at: string;
  updated_at: string;
  settled_at: string | null;
}

/** Provider events already processed: a redelivered event id is recognised and changes nothing. */
export interface PaymentEventsTable {
  id: Generated<number>;
  event_id: string;
  payment_id: number;
  type: string;
  received_at: string;
}

export interface ImagesTable {
  id: Generated<number>;
  project_id: number;
  owner: number;
  /** The uploaded file name, shown to the user and used in downloads. */
  name: string;
  /** sharp's format name of the decoded original: jpeg, png, webp, tiff or heif. */
  format: string;
  /** Of the original after EXIF orientation, as a user sees it. */
  width: number;
  height: number;
  size_bytes: number;
  /** SHA-256 of the original bytes. */
  content_hash: string;
  storage_prefix: string;
  /** The hull area the image shows (migration 0009); null while unassigned. */
  hull_zone: HullZone | null;
  created_at: string;
  /** The quality metrics measured at upload, as JSON (migration 0017); null for older images. */
  quality: string | null;
  /**
   * 1 while the upload's model input at the standard resolution is kept in its folder (migration
   * 0030, standard-input.ts).
   */
  standard_input_kept: Generated<number>;
}

export interface CvModelsTable {
  id: Generated<number>;
  /** The folder name under the models directory; stable across restarts. */
  key: string;
  name: string;
  architecture: string;
  backbone: string;
  version: string;
  filename: string;
  description: string | null;
  /** The whole manifest JSON, read when the model runs. */
  manifest: string;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ResolutionsTable {
  id: Generated<number>;
  name: string;
  display_name: string;
  type: string;
  /** Credits per image. */
  price: number;
  /** The longest side in pixels; images are never upscaled. */
  resolution: number;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type RequestStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';

export interface PredictionRequestsTable {
  id: Generated<number>;
  owner: number;
  project_id: number;
  model_id: number;
  resolution_id: number;
  status: RequestStatus;
  price_per_image: number;
  images_total: number;
  images_done: Generated<number>;
  images_failed: Generated<number>;
  /** Job runs begun since an image of the request was last settled (0014). */
  runs_without_progress: Generated<number>;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export type RequestImageStatus = 'PENDING' | 'DONE' | 'FAILED';

export interface PredictionRequestImagesTable {
  id: Generated<number>;
  request_id: number;
  image_id: number;
  position: number;
  status: RequestImageStatus;
  error: string | null;
  /** Credits charged for this image; null on rows made before 0011 (then the request's price_per_image). */
  price: number | null;
  /** Times a worker began predicting it (0014): a PENDING image with starts was cut off by a crash. */
  starts: Generated<number>;
}

export interface PredictionsTable {
  id: Generated<number>;
  image_id: number;
  project_id: number;
  owner: number;
  model_id: number;
  resolution_id: number;
  /** Of the model that made it; cv_models.version moves on when the model is upgraded. */
  model_version: string;
  /**
   * The name in that model's manifest (0027): with model_version, the title of its STAT chart, drawn
   * when first asked for. Null for predictions made before, whose STAT.png the pipeline stored.
   */
  model_name: string | null;
  request_id: number | null;
  /** JSON list of {label, hex_color, percentage}. */
  percentages: string;
  /** Of ORG and PRED: the image resized to the resolution. */
  width: number;
  height: number;
  /**
   * Pixels of the classes counted in `percentages` (the hull surface; migration 0010), the weight of
   * this prediction when a zone's coverage is pooled. Null for predictions made before.
   */
  surface_pixels: number | null;
  /**
   * The mean of the pixels' largest class probability, 0 to 1 (migration 0012); low or not is
   * judged when read (prediction-confidence.ts). Null for predictions made before.
   */
  confidence: number | null;
  storage_prefix: string;
  created_at: string;
  /** The mask version whose figures the row holds (0021): 0 is the model's own. */
  mask_version: Generated<number>;
  /** Where that version's PRED.png and STAT.png are; null: the model's own under storage_prefix. */
  mask_prefix: string | null;
}

/** A person's correction of a prediction's mask, or (version 0) the model's own figures kept (0021). */
export interface MaskVersionsTable {
  id: Generated<number>;
  prediction_id: number;
  project_id: number;
  version: number;
  author_id: number | null;
  author_name: string | null;
  restored_from: number | null;
  /** Pixels whose class differs from the model's mask. */
  changed_pixels: number;
  /** JSON list of {label, hex_color, percentage}, as predictions.percentages. */
  percentages: string;
  surface_pixels: number;
  /** Its PRED.png and STAT.png; null for version 0, the model's own under the prediction's prefix. */
  storage_prefix: string | null;
  created_at: string;
}

export type ReviewStateValue = 'accepted' | 'corrected';

/** An analysed image a person reviewed (0021); no row: unreviewed. */
export interface ImageReviewsTable {
  image_id: number;
  project_id: number;
  prediction_id: number;
  state: ReviewStateValue;
  reviewer_id: number | null;
  reviewer_name: string;
  reviewed_at: string;
}

/** The model's mask against a reviewed version of it, pixel counts per class pair (0024). */
export interface ReviewConfusionTable {
  prediction_id: number;
  mask_version: number;
  /** JSON `[[model class, reviewer class, pixels], …]`, cells with pixels only. */
  confusion: string;
}

/** A signed revision of an inspection with the report.json its signature covers (0021). */
export interface InspectionRevisionsTable {
  id: Generated<number>;
  project_id: number;
  revision: number;
  signer_name: string;
  signer_position: string;
  signed_by: number | null;
  signed_by_name: string;
  signed_at: string;
  report_json: string;
  report_sha256: string;
  reopened_at: string | null;
  reopened_by: number | null;
  reopened_by_name: string | null;
  reopen_reason: string | null;
}

/** A cleaning between two inspections of a vessel (issue 40 §6, migration 0023). */
export interface CleaningsTable {
  id: Generated<number>;
  owner: number;
  vessel_id: number;
  before_project_id: number;
  after_project_id: number;
  /** YYYY-MM-DD. */
  cleaning_date: string;
  company: string;
  method: string;
  /** 0 or 1. */
  capture: number;
  certificate_reference: string | null;
  notes: string | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<number>;
  name: string;
  payload: string;
  status: JobStatus;
  attempts: Generated<number>;
  max_attempts: number;
  run_after: string;
  /** A running job whose lease has passed belongs to a worker that died: it is taken again. */
  locked_until: string | null;
  last_error: string | null;
  /** Jobs of one key run at most so many at once, across workers (0028): a delivery's organisation. */
  fair_key: string | null;
  created_at: string;
  updated_at: string;
}

export type DataExportStatus = 'QUEUED' | 'RUNNING' | 'READY' | 'FAILED';

/** A user's export of everything they keep (migration 0015), built by a 'data-export' job. */
export interface DataExportsTable {
  id: Generated<number>;
  owner: number;
  /** The member who asked for it, whom the link is e-mailed to; null once their account is gone. */
  requested_by: number | null;
  status: DataExportStatus;
  files_done: Generated<number>;
  files_total: Generated<number>;
  size_bytes: number | null;
  /** SHA-256 of the e-mailed download link's token; null until the export is ready. */
  token_hash: string | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  /** When the download link stops working and the file is removed. */
  expires_at: string | null;
}

/** One row (id 1): the random key naming this database, made by its migration. */
export interface InstallationTable {
  id: number;
  database_key: string;
  created_at: string;
}

/** Issue 41 §2: where an organisation's events are sent (migration 0020). */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  organisation_id: number;
  url: string;
  description: string;
  /** JSON array of the subscribed event types. */
  events: string;
  credits_low_threshold: number | null;
  /** whsec_…, kept as is: signing needs it. */
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  disabled_at: string | null;
  disabled_reason: string | null;
  /** The first failed attempt since the last success; null while deliveries succeed. */
  failing_since: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  message_id: string;
  event_type: string;
  /** The exact JSON body sent (signatures cover these bytes). */
  payload: string;
  status: WebhookDeliveryStatus;
  attempt_count: Generated<number>;
  next_attempt_at: string | null;
  last_response_status: number | null;
  last_duration_ms: number | null;
  last_response_excerpt: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: string;
  response_status: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  error: string | null;
}

export interface DB {
  users: UsersTable;
  organisations: OrganisationsTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  audit_events: AuditEventsTable;
  share_links: ShareLinksTable;
  api_keys: ApiKeysTable;
  api_key_rate_windows: ApiKeyRateWindowsTable;
  one_time_tokens: OneTimeTokensTable;
  throttle_events: ThrottleEventsTable;
  companies: CompaniesTable;
  credit_ledger: CreditLedgerTable;
  projects: ProjectsTable;
  vessels: VesselsTable;
  credit_prices: CreditPricesTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  images: ImagesTable;
  cv_models: CvModelsTable;
  resolutions: ResolutionsTable;
  prediction_requests: PredictionRequestsTable;
  prediction_request_images: PredictionRequestImagesTable;
  predictions: PredictionsTable;
  jobs: JobsTable;
  installation: InstallationTable;
  data_exports: DataExportsTable;
  inspection_areas: InspectionAreasTable;
  image_plan_positions: ImagePlanPositionsTable;
  decision_rules: DecisionRulesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  mask_versions: MaskVersionsTable;
  image_reviews: ImageReviewsTable;
  review_confusion: ReviewConfusionTable;
  inspection_revisions: InspectionRevisionsTable;
  cleanings: CleaningsTable;
  vessel_ga_drawings: VesselGaDrawingsTable;
  vessel_ga_zones: VesselGaZonesTable;
}

export type UserRow = Selectable<UsersTable>;
export type OrganisationRow = Selectable<OrganisationsTable>;
export type MembershipRow = Selectable<MembershipsTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type AuditEventRow = Selectable<AuditEventsTable>;
export type ShareLinkRow = Selectable<ShareLinksTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type DataExportRow = Selectable<DataExportsTable>;
export type NewUser = Insertable<UsersTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type VesselRow = Selectable<VesselsTable>;
export type CleaningRow = Selectable<CleaningsTable>;
export type InspectionAreaRow = Selectable<InspectionAreasTable>;
export type LedgerRow = Selectable<CreditLedgerTable>;
export type ImageRow = Selectable<ImagesTable>;
export type CvModelRow = Selectable<CvModelsTable>;
export type ResolutionRow = Selectable<ResolutionsTable>;
export type PredictionRequestRow = Selectable<PredictionRequestsTable>;
export type PredictionRow = Selectable<PredictionsTable>;
export type JobRow = Selectable<JobsTable>;
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
