import { routes } from '@hullscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The server's UPLOAD_MAX_FILES and size limits, read before a survey-size upload is split. */
export const getUploadLimits = () => api.request(routes.uploadLimits, {});

/** Read once per session: by the dialog's formats-and-limits line and for grading video frames. */
export const uploadLimitsQuery = {
  queryKey: ['upload-limits'],
  queryFn: getUploadLimits,
  staleTime: Infinity,
} as const;

/** The same for the dialog's formats-and-limits line. */
export const useUploadLimits = (enabled: boolean) => useQuery({ ...uploadLimitsQuery, enabled });
