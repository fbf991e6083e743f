import { routes } from '@hullscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The server's UPLOAD_MAX_FILES and size limits, read before a survey-size upload is split. */
export const getUploadLimits = () => api.request(routes.uploadLimits, {});

/** The same for the dialog's formats-and-limits line; read once per session. */
export const useUploadLimits = (enabled: boolean) =>
  useQuery({ queryKey: ['upload-limits'], queryFn: getUploadLimits, enabled, staleTime: Infinity });
