export {
  createHullscopeClient,
  filenameOf,
  type DownloadedFile,
  type HullscopeClient,
  type HullscopeClientOptions,
  type UploadFile,
} from './client.js';
export {
  HullscopeApiError,
  HullscopeNetworkError,
  HullscopeResponseError,
  fieldErrorsOf,
  messageOf,
} from './errors.js';
export type { ArgsParameter, FileRouteName, JsonRouteName, RequestArgs, ResponseOf } from './route-args.js';
export {
  ALREADY_IN_PROJECT,
  type SurveyFile,
  type SurveyOptions,
  type SurveyOutcome,
  type SurveyProgress,
  type SurveyResult,
} from './survey-upload.js';
export { sha256Hex } from './content-hash.js';
export * from '@hullscope/contract';
