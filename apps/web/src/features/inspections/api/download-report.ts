import { type ReportPdfQuery, routes } from '@hullscope/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { saveFile } from '@/lib/save-file';
import { type PredictionPairChoice, pairQuery } from './get-inspection-summary';

/** The inspection report PDF, saved under the name of its Content-Disposition header. */
export const downloadReport = async ({
  projectId,
  pair,
  photos = 'key',
}: {
  projectId: number;
  pair: PredictionPairChoice;
  /** The key photos (compact, the default) or every analysed photo. */
  photos?: NonNullable<ReportPdfQuery['photos']>;
}) =>
  saveFile(
    await api.download(
      routes.inspectionReportPdf,
      {
        params: { id: projectId },
        query: photos === 'all' ? { ...pairQuery(pair), photos } : pairQuery(pair),
      },
      `project-${projectId}-inspection-report.pdf`,
    ),
  );

export const useDownloadReport = () => useMutation({ mutationFn: downloadReport });
