import DataObjectIcon from '@mui/icons-material/DataObject';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/lib/notify';
import { useDownloadRecordBook, useRecordBook } from '../api/get-record-book';
import { RecordBookEntryView } from './record-book-entry';

/**
 * The vessel's Biofouling Record Book (issue 40 §7): every signed inspection and every cleaning as an
 * entry of the IMO form, oldest first, with the book as PDF and JSON.
 */
export function RecordBookSection({ vesselId }: { vesselId: number }) {
  const book = useRecordBook(vesselId);
  const download = useDownloadRecordBook();
  const notify = useNotify();
  const save = (format: 'pdf' | 'json') =>
    download.mutate(
      { vesselId, format },
      {
        onSuccess: () => notify.success('Record Book downloaded'),
        onError: (error) => notify.failure('Downloading the Record Book failed', error),
      },
    );
  const busy = download.isPending ? download.variables.format : undefined;
  const entries = book.data?.entries ?? [];
  return (
    <SectionCard title="Record Book">
      <Stack direction="row" spacing={1} sx={{ mb: 1.5 }}>
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfIcon />}
          loading={busy === 'pdf'}
          onClick={() => save('pdf')}
        >
          Download Record Book (PDF)
        </Button>
        <Button
          variant="outlined"
          startIcon={<DataObjectIcon />}
          loading={busy === 'json'}
          onClick={() => save('json')}
        >
          JSON
        </Button>
      </Stack>
      {book.isError && <Typography color="error">The Record Book could not be read.</Typography>}
      {book.isSuccess && entries.length === 0 && (
        <Typography color="text.secondary">
          No entries yet: an inspection of this vessel appears here once it is signed.
        </Typography>
      )}
      {entries.map((entry, index) => (
        <RecordBookEntryView
          key={entry.entry_type === 'inspection' ? `i${entry.project}` : `c${entry.cleaning}`}
          entry={entry}
          number={index + 1}
        />
      ))}
    </SectionCard>
  );
}
