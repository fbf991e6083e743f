import { routes } from '@hullscope/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { saveFile } from '@/lib/save-file';

/** A paid purchase's invoice PDF (issue 45 §10), saved under the name the API gives it. */
export const downloadInvoice = async (transactionId: number) =>
  saveFile(
    await api.download(
      routes.purchaseInvoice,
      { params: { id: transactionId } },
      `hullscope-invoice-${transactionId}.pdf`,
    ),
  );

export const useDownloadInvoice = () => useMutation({ mutationFn: downloadInvoice });
