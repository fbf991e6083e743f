import type { ModelAgreement } from '@hullscope/contract';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

const percent = (share: number | null) => (share === null ? '–' : `${(share * 100).toFixed(1)} %`);
const kappa = (value: number | null) => (value === null ? '–' : value.toFixed(2));
/** MUI puts a table's caption below in grey; these captions head their tables. */
const captionAbove = {
  '& caption': { captionSide: 'top', px: 0, pt: 0, pb: 1, typography: 'subtitle2', color: 'text.primary' },
} as const;

/** One row per model: photos compared, pixel accuracy, rating agreement and weighted kappa. */
function ModelsTable({ models, caption }: { models: ModelAgreement[]; caption: string }) {
  const headers = ['Model', 'Photos compared', 'Pixel accuracy', 'Rating agreement', 'Weighted kappa'];
  return (
    <TableContainer>
      <Table size="small" sx={captionAbove} data-testid="agreement-models">
        <caption>{caption}</caption>
        <TableHead>
          <TableRow>
            {headers.map((header, column) => (
              <TableCell
                key={header}
                scope="col"
                align={column === 0 ? 'left' : 'right'}
                sx={{ fontWeight: 600 }}
              >
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {models.map((entry) => (
            <TableRow key={entry.model.id}>
              <TableCell component="th" scope="row">
                {entry.model.name}
              </TableCell>
              <TableCell align="right">
                {entry.photos} ({entry.corrected_photos} corrected)
              </TableCell>
              <TableCell align="right">{percent(entry.pixel_accuracy)}</TableCell>
              <TableCell align="right">
                {percent(entry.rating_agreement)} ({entry.ratings_agree} of {entry.ratings_compared})
              </TableCell>
              <TableCell align="right">{kappa(entry.weighted_kappa)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** One model's IoU per class, classes across so the table stays a few lines high. */
function ClassIouTable({ entry }: { entry: ModelAgreement }) {
  return (
    <TableContainer sx={{ mt: 2 }}>
      <Table size="small" sx={captionAbove} data-testid={`agreement-classes-${entry.model.id}`}>
        <caption>Per-class IoU: {entry.model.name}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col" sx={{ fontWeight: 600 }}>
              Class
            </TableCell>
            {entry.classes.map((item) => (
              <TableCell key={item.index} scope="col" align="right" sx={{ fontWeight: 600 }}>
                {item.name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell component="th" scope="row">
              IoU
            </TableCell>
            {entry.classes.map((item) => (
              <TableCell key={item.index} align="right">
                {percent(item.iou)}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The agreement figures of every model in the answer, with each model's per-class IoU below. */
export function AgreementTable({ models, caption }: { models: ModelAgreement[]; caption: string }) {
  return (
    <>
      <ModelsTable models={models} caption={caption} />
      {models.map((entry) => (
        <ClassIouTable key={entry.model.id} entry={entry} />
      ))}
    </>
  );
}
