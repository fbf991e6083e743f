import { type RecordBook, routes } from '@hullscope/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { saveFile } from '@/lib/save-file';

export const getRecordBook = (vesselId: number) =>
  api.request(routes.vesselRecordBook, { params: { id: vesselId } });

export const useRecordBook = (vesselId: number) =>
  useQuery({ queryKey: queryKeys.recordBook(vesselId), queryFn: () => getRecordBook(vesselId) });

const fileStem = (book: RecordBook) => `${book.vessel.name.replace(/[/\\]+/g, '_')}-record-book`;

/** The Record Book as the PDF the server renders, saved under its Content-Disposition name. */
export const downloadRecordBookPdf = async (vesselId: number) =>
  saveFile(
    await api.download(
      routes.vesselRecordBookPdf,
      { params: { id: vesselId } },
      `vessel-${vesselId}-record-book.pdf`,
    ),
  );

/** The Record Book as JSON: the answer the page shows, read again so the file is current. */
export const downloadRecordBookJson = async (vesselId: number) => {
  const book = await getRecordBook(vesselId);
  const blob = new Blob([JSON.stringify(book, null, 2)], { type: 'application/json' });
  saveFile({ blob, filename: `${fileStem(book)}.json` });
};

export const useDownloadRecordBook = () =>
  useMutation({
    mutationFn: ({ vesselId, format }: { vesselId: number; format: 'pdf' | 'json' }) =>
      format === 'pdf' ? downloadRecordBookPdf(vesselId) : downloadRecordBookJson(vesselId),
  });
