import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ALREADY_IN_PROJECT, type FileState, type SurveySnapshot } from '../survey/run-survey-upload';

type Listed = Extract<FileState, { reason: string }>['kind'];

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "name: reason", one per line, for each file in state `kind`. */
function linesOf(files: readonly File[], states: readonly FileState[], kind: Listed): string[] {
  return states.flatMap((state, index) =>
    state.kind === kind && 'reason' in state ? [`${files[index]!.name}: ${state.reason}`] : [],
  );
}

function FileLines({ label, lines }: { label: string; lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography variant="subtitle2">{label}</Typography>
      <Box
        component="pre"
        aria-label={label}
        sx={{
          m: 0,
          mt: 0.5,
          p: 1,
          maxHeight: 160,
          overflow: 'auto',
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'inherit',
          fontSize: '0.8125rem',
          whiteSpace: 'pre-wrap',
        }}
      >
        {lines.join('\n')}
      </Box>
    </Box>
  );
}

/** The end of an upload: how many files were stored, and every file that was not, with the reason. */
export function UploadReport({ files, snapshot }: { files: readonly File[]; snapshot: SurveySnapshot }) {
  const count = (kind: FileState['kind']) => snapshot.files.filter((state) => state.kind === kind).length;
  const stored = count('stored');
  const skipped = linesOf(files, snapshot.files, 'skipped');
  const refused = linesOf(files, snapshot.files, 'refused');
  const notSent = linesOf(files, snapshot.files, 'not-sent');
  const inProject = snapshot.files.filter(
    (state) => state.kind === 'skipped' && state.reason === ALREADY_IN_PROJECT,
  ).length;
  const total = files.length;
  const headline =
    stored > 0
      ? `Stored ${stored} of ${plural(total, 'file')}.`
      : inProject > 0
        ? `Nothing new was stored: ${
            inProject < total
              ? `${inProject} of the ${total} files are`
              : total === 1
                ? 'the file is'
                : `all ${total} files are`
          } already in the project.`
        : 'No file was stored.';
  return (
    <Box role="status" aria-label="Upload report" sx={{ mt: 2 }}>
      {snapshot.stoppedBecause && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {snapshot.stoppedBecause}
        </Alert>
      )}
      <Typography>{headline}</Typography>
      {stored > 0 && skipped.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {plural(skipped.length, 'file')} skipped: the same content is already in the project or chosen
          twice.
        </Typography>
      )}
      <FileLines label={`Refused (${refused.length})`} lines={refused} />
      <FileLines label={`Not sent (${notSent.length})`} lines={notSent} />
      <FileLines label={`Skipped (${skipped.length})`} lines={skipped} />
    </Box>
  );
}
