import type {
  RecordBookCleaningEntry,
  RecordBookEntry,
  RecordBookInspectionEntry,
} from '@hullscope/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

function Facts({ rows }: { rows: [string, string | null][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.5, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value ?? 'Not recorded'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function InspectionEntry({ entry }: { entry: RecordBookInspectionEntry }) {
  const rating = entry.overall_rating
    ? `IMO rating ${entry.overall_rating.value}: ${entry.overall_rating.label}`
    : 'Not rated';
  const notInspected = [
    ...entry.areas_not_inspected.map(
      (area) => `${area.area}: ${area.reason}${area.notes ? ` (${area.notes})` : ''}`,
    ),
    ...entry.areas_not_recorded.map((area) => `${area}: not recorded`),
  ];
  return (
    <>
      {entry.revision.reopened && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {entry.remarks}
        </Alert>
      )}
      <Facts
        rows={[
          ['Location', entry.location],
          ['Inspection', entry.project_name],
          ['Method', entry.method],
          ['Inspected by', entry.inspected_by],
          ['Overall condition', `${rating}. ${entry.fouling_found}`],
          [
            'Areas inspected',
            entry.areas_inspected
              .map((area) => `${area.area}${area.rating ? ` (${area.rating.value})` : ''}`)
              .join(', ') || 'None recorded',
          ],
          ['Areas not inspected', notInspected.length > 0 ? notInspected.join('; ') : 'None'],
          ['Antifouling system', entry.antifouling_condition],
          [
            'Actions',
            entry.actions.length > 0
              ? entry.actions.map((action) => `${action.urgency}: ${action.action}`).join('; ')
              : 'None: no rule fired',
          ],
          ['Next inspection due', entry.next_inspection_due],
          ['Person in charge', `${entry.person_in_charge.name}, ${entry.person_in_charge.position}`],
          [
            'Report revision',
            `Revision ${entry.revision.revision} · SHA-256 ${entry.revision.report_sha256}`,
          ],
        ]}
      />
    </>
  );
}

function CleaningEntry({ entry }: { entry: RecordBookCleaningEntry }) {
  const side = (reference: RecordBookCleaningEntry['before']) =>
    `${reference.project_name} (${reference.date ?? 'undated'}, ${reference.revision_label ?? (reference.revision ? `revision ${reference.revision}` : 'not signed')})`;
  return (
    <Facts
      rows={[
        ['Cleaning company', entry.company],
        ['Method', entry.method],
        ['Capture', entry.capture ? 'Yes' : 'No'],
        ['Certificate reference', entry.certificate_reference],
        ['Inspection before', side(entry.before)],
        ['Inspection after', side(entry.after)],
        ['Notes', entry.notes],
      ]}
    />
  );
}

/** One entry of the Record Book with the fields of the IMO form. */
export function RecordBookEntryView({ entry, number }: { entry: RecordBookEntry; number: number }) {
  return (
    <Box
      component="article"
      aria-label={`Entry ${number}`}
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ mb: 0.5 }}>
        Entry {number}: {entry.entry_label}
        {entry.date ? `, ${entry.date}` : ''}
      </Typography>
      {entry.entry_type === 'inspection' ? (
        <InspectionEntry entry={entry} />
      ) : (
        <CleaningEntry entry={entry} />
      )}
    </Box>
  );
}
