import { z } from 'zod';
import { MessageResponse, idParam } from './common.js';
import {
  AccessToken,
  ChangePasswordRequest,
  DeleteAccountRequest,
  ConfirmRegistrationRequest,
  LoginTokens,
  PasswordChanged,
  PasswordResetEmailRequest,
  RefreshRequest,
  RegisterRequest,
  ResetPasswordRequest,
  TokenRequest,
} from './auth.js';
import { Company, CompanyUpdateRequest, CountryList } from './company.js';
import {
  CheckoutSessionRequest,
  CreditPriceOptionList,
  Credits,
  PaymentRedirect,
  TransactionList,
} from './credits.js';
import {
  FullImage,
  ImageSummary,
  ImageThumbnailList,
  ImageUpdateRequest,
  NamedListWithMessage,
  ThumbnailsQuery,
} from './images.js';
import { CvModelList, ResolutionList } from './models.js';
import {
  CreditCheckResponse,
  CurrentRequest,
  PredictionRequestCreated,
  PredictionSet,
  PredictionThumbnails,
  RequestStatus,
  SchedulePayload,
} from './predictions.js';
import {
  PredictionCount,
  Project,
  ProjectCreateRequest,
  ProjectList,
  ProjectUpdateRequest,
} from './projects.js';
import { ConfirmEmailChangeRequest, User, UserUpdateRequest } from './users.js';
import { Vessel, VesselCreateRequest, VesselList, VesselUpdateRequest } from './vessels.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint of spec §7. `path` uses `:name` parameters; `response` is null for file downloads
 * and multipart uploads' bodies are not described by a schema.
 */
export interface RouteDefinition {
  method: HttpMethod;
  path: string;
  auth: boolean;
  tag: string;
  summary: string;
  status: 200 | 201;
  params?: z.ZodObject;
  /** Query-string parameters; each arrives as a string. */
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType | null;
  multipart?: boolean;
}

const ProjectParams = z.object({ id: idParam });
const ImageParams = z.object({ id: idParam, imageId: idParam });
const PredictionParams = z.object({ id: idParam, predictionId: idParam });
const RequestParams = z.object({ requestId: idParam });
const VesselParams = z.object({ id: idParam });

function route<const T extends RouteDefinition>(definition: T): T {
  return definition;
}

export const routes = {
  // Account access
  obtainTokens: route({
    method: 'POST',
    path: '/api/token/',
    auth: false,
    tag: 'auth',
    status: 200,
    summary: 'Log in: exchange username and password for an access and a refresh token',
    body: TokenRequest,
    response: LoginTokens,
  }),
  refreshToken: route({
    method: 'POST',
    path: '/api/token/refresh/',
    auth: false,
    tag: 'auth',
    status: 200,
    summary: 'Exchange a refresh token for a new access token',
    body: RefreshRequest,
    response: AccessToken,
  }),
  register: route({
    method: 'POST',
    path: '/api/user/register/',
    auth: false,
    tag: 'auth',
    status: 201,
    summary: 'Sign up with a company e-mail; a confirmation link is e-mailed',
    body: RegisterRequest,
    response: MessageResponse,
  }),
  confirmRegistration: route({
    method: 'POST',
    path: '/api/user/confirm-registration/',
    auth: false,
    tag: 'auth',
    status: 200,
    summary: 'Confirm the e-mail address with the uid and token of the e-mailed link',
    body: ConfirmRegistrationRequest,
    response: MessageResponse,
  }),
  requestPasswordReset: route({
    method: 'POST',
    path: '/api/user/request-password-reset/',
    auth: false,
    tag: 'auth',
    status: 200,
    summary: 'E-mail a password reset link (always answers 200)',
    body: PasswordResetEmailRequest,
    response: MessageResponse,
  }),
  resetPassword: route({
    method: 'PUT',
    path: '/api/user/reset-password/',
    auth: false,
    tag: 'auth',
    status: 200,
    summary: 'Set a new password with the uid and token of the e-mailed link',
    body: ResetPasswordRequest,
    response: MessageResponse,
  }),

  // User and company
  getUser: route({
    method: 'GET',
    path: '/api/user/',
    auth: true,
    tag: 'user',
    status: 200,
    summary: 'The signed-in user',
    response: User,
  }),
  updateUser: route({
    method: 'PATCH',
    path: '/api/user/update/',
    auth: true,
    tag: 'user',
    status: 200,
    summary:
      'Update the profile; a new e-mail address waits in pending_email until the link sent to it is opened',
    body: UserUpdateRequest,
    response: User,
  }),
  confirmEmailChange: route({
    method: 'POST',
    path: '/api/user/confirm-email-change/',
    auth: false,
    tag: 'user',
    status: 200,
    summary: 'Switch to the pending e-mail address with the uid and token of the link sent to it',
    body: ConfirmEmailChangeRequest,
    response: MessageResponse,
  }),
  changePassword: route({
    method: 'PUT',
    path: '/api/user/change-password/',
    auth: true,
    tag: 'user',
    status: 200,
    summary: 'Change the password (old password checked; other sessions are signed out)',
    body: ChangePasswordRequest,
    response: PasswordChanged,
  }),
  deleteUser: route({
    method: 'DELETE',
    path: '/api/user/delete/',
    auth: true,
    tag: 'user',
    status: 200,
    summary:
      'Delete the account and everything it uploaded; billing records are kept anonymised. The optional body `{password}` is checked when sent',
    body: DeleteAccountRequest,
    response: MessageResponse,
  }),
  getCompany: route({
    method: 'GET',
    path: '/api/company/',
    auth: true,
    tag: 'company',
    status: 200,
    summary: "The user's company (billing) data",
    response: Company,
  }),
  updateCompany: route({
    method: 'PATCH',
    path: '/api/company/update/',
    auth: true,
    tag: 'company',
    status: 200,
    summary: 'Update company data; country is required',
    body: CompanyUpdateRequest,
    response: Company,
  }),
  listCountries: route({
    method: 'GET',
    path: '/api/countries/',
    auth: true,
    tag: 'company',
    status: 200,
    summary: 'Countries (ISO 3166-1 alpha-2), English names, sorted',
    response: CountryList,
  }),

  // Credits and transactions
  getCredits: route({
    method: 'GET',
    path: '/api/credits/',
    auth: true,
    tag: 'credits',
    status: 200,
    summary: 'Credit balance',
    response: Credits,
  }),
  listCreditPrices: route({
    method: 'GET',
    path: '/api/credits/prices',
    auth: true,
    tag: 'credits',
    status: 200,
    summary: 'Credit tiers with prices in euro excluding VAT',
    response: CreditPriceOptionList,
  }),
  createCheckoutSession: route({
    method: 'POST',
    path: '/api/stripe/create-checkout-session/',
    auth: true,
    tag: 'credits',
    status: 200,
    summary: 'Start a credit purchase; answers the checkout page to navigate to',
    body: CheckoutSessionRequest,
    response: PaymentRedirect,
  }),
  listTransactions: route({
    method: 'GET',
    path: '/api/transactions/',
    auth: true,
    tag: 'credits',
    status: 200,
    summary: 'Every ledger row of the user',
    response: TransactionList,
  }),

  // Projects and images
  listProjects: route({
    method: 'GET',
    path: '/api/projects/',
    auth: true,
    tag: 'projects',
    status: 200,
    summary: "The user's projects",
    response: ProjectList,
  }),
  createProject: route({
    method: 'POST',
    path: '/api/projects/',
    auth: true,
    tag: 'projects',
    status: 201,
    summary: 'Create a project',
    body: ProjectCreateRequest,
    response: Project,
  }),
  getProject: route({
    method: 'GET',
    path: '/api/projects/:id/',
    auth: true,
    tag: 'projects',
    status: 200,
    summary: 'One project',
    params: ProjectParams,
    response: Project,
  }),
  updateProject: route({
    method: 'PATCH',
    path: '/api/projects/:id/update/',
    auth: true,
    tag: 'projects',
    status: 200,
    summary: 'Update a project',
    params: ProjectParams,
    body: ProjectUpdateRequest,
    response: Project,
  }),
  deleteProject: route({
    method: 'DELETE',
    path: '/api/projects/:id/delete/',
    auth: true,
    tag: 'projects',
    status: 200,
    summary: 'Delete a project with its images and predictions',
    params: ProjectParams,
    response: MessageResponse,
  }),
  getPredictionCount: route({
    method: 'GET',
    path: '/api/projects/:id/predict-count/',
    auth: true,
    tag: 'projects',
    status: 200,
    summary: 'Number of predictions in the project',
    params: ProjectParams,
    response: PredictionCount,
  }),
  downloadProject: route({
    method: 'GET',
    path: '/api/projects/:id/download/',
    auth: true,
    tag: 'images',
    status: 200,
    summary: 'ZIP of every image and prediction of the project',
    params: ProjectParams,
    response: null,
  }),
  downloadImage: route({
    method: 'GET',
    path: '/api/projects/:id/image/:imageId/download/',
    auth: true,
    tag: 'images',
    status: 200,
    summary: 'ZIP of one image and its predictions',
    params: ImageParams,
    response: null,
  }),
  uploadImages: route({
    method: 'POST',
    path: '/api/projects/:id/image-upload/',
    auth: true,
    tag: 'images',
    status: 201,
    summary:
      'Upload images (multipart, repeated field "images"; optional field "hull_zone" sets every image\'s zone)',
    params: ProjectParams,
    response: NamedListWithMessage,
    multipart: true,
  }),
  listThumbnails: route({
    method: 'GET',
    path: '/api/projects/:id/thumbnails/',
    auth: true,
    tag: 'images',
    status: 200,
    summary: "Thumbnails of the project's images: all, or a page (offset, limit)",
    params: ProjectParams,
    query: ThumbnailsQuery,
    response: ImageThumbnailList,
  }),
  getImage: route({
    method: 'GET',
    path: '/api/projects/:id/image/:imageId/',
    auth: true,
    tag: 'images',
    status: 200,
    summary: 'The full image',
    params: ImageParams,
    response: FullImage,
  }),
  updateImage: route({
    method: 'PATCH',
    path: '/api/projects/:id/image/:imageId/update/',
    auth: true,
    tag: 'images',
    status: 200,
    summary: "Update an image's hull zone",
    params: ImageParams,
    body: ImageUpdateRequest,
    response: ImageSummary,
  }),
  deleteImage: route({
    method: 'DELETE',
    path: '/api/projects/:id/image/:imageId/delete/',
    auth: true,
    tag: 'images',
    status: 200,
    summary: 'Delete an image and its predictions',
    params: ImageParams,
    response: MessageResponse,
  }),
  listPredictionThumbnails: route({
    method: 'GET',
    path: '/api/projects/:id/image/:imageId/prediction-thumbnails/',
    auth: true,
    tag: 'predictions',
    status: 200,
    summary: "Thumbnails of the image's predictions",
    params: ImageParams,
    response: PredictionThumbnails,
  }),
  getPredictionSet: route({
    method: 'GET',
    path: '/api/projects/:id/predictionset/:predictionId/',
    auth: true,
    tag: 'predictions',
    status: 200,
    summary: 'One prediction: class percentages, PRED, ORG and STAT images',
    params: PredictionParams,
    response: PredictionSet,
  }),

  // Models, resolutions and prediction requests
  listModels: route({
    method: 'GET',
    path: '/api/cvmodels/',
    auth: true,
    tag: 'predictions',
    status: 200,
    summary: 'Active models with their classes',
    response: CvModelList,
  }),
  listResolutions: route({
    method: 'GET',
    path: '/api/resolutions/',
    auth: true,
    tag: 'predictions',
    status: 200,
    summary: 'Active resolutions with their price per image',
    response: ResolutionList,
  }),
  validatePredictRequest: route({
    method: 'POST',
    path: '/api/projects/:id/validate-predict-request/',
    auth: true,
    tag: 'predictions',
    status: 200,
    summary: 'Check a prediction request (credits, duplicates, running request)',
    params: ProjectParams,
    body: SchedulePayload,
    response: CreditCheckResponse,
  }),
  requestPredict: route({
    method: 'POST',
    path: '/api/projects/:id/request-predict/',
    auth: true,
    tag: 'predictions',
    status: 201,
    summary: 'Charge the credits and queue a prediction request',
    params: ProjectParams,
    body: SchedulePayload,
    response: PredictionRequestCreated,
  }),
  currentRequest: route({
    method: 'GET',
    path: '/api/request/current/',
    auth: true,
    tag: 'predictions',
    status: 200,
    summary: "The user's unfinished prediction request (request_id 0 if none)",
    response: CurrentRequest,
  }),
  getRequest: route({
    method: 'GET',
    path: '/api/request/:requestId/',
    auth: true,
    tag: 'predictions',
    status: 200,
    summary: 'Status and progress of a prediction request',
    params: RequestParams,
    response: RequestStatus,
  }),

  // Vessels (issue 18 §1): the fleet whose hulls are inspected
  listVessels: route({
    method: 'GET',
    path: '/api/vessels/',
    auth: true,
    tag: 'vessels',
    status: 200,
    summary: "The user's vessels, by name",
    response: VesselList,
  }),
  createVessel: route({
    method: 'POST',
    path: '/api/vessels/',
    auth: true,
    tag: 'vessels',
    status: 201,
    summary: 'Add a vessel',
    body: VesselCreateRequest,
    response: Vessel,
  }),
  getVessel: route({
    method: 'GET',
    path: '/api/vessels/:id/',
    auth: true,
    tag: 'vessels',
    status: 200,
    summary: 'One vessel',
    params: VesselParams,
    response: Vessel,
  }),
  updateVessel: route({
    method: 'PATCH',
    path: '/api/vessels/:id/update/',
    auth: true,
    tag: 'vessels',
    status: 200,
    summary: 'Update a vessel: the fields sent change; null clears an optional one',
    params: VesselParams,
    body: VesselUpdateRequest,
    response: Vessel,
  }),
  deleteVessel: route({
    method: 'DELETE',
    path: '/api/vessels/:id/delete/',
    auth: true,
    tag: 'vessels',
    status: 200,
    summary: 'Delete a vessel',
    params: VesselParams,
    response: MessageResponse,
  }),
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof routes;
