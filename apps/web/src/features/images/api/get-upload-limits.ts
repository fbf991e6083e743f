import { routes } from '@hullscope/contract';
import { api } from '@/lib/api';

/** The server's UPLOAD_MAX_FILES and size limits, read before a survey-size upload is split. */
export const getUploadLimits = () => api.request(routes.uploadLimits, {});
