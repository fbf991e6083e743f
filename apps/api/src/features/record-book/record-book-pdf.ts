import type {
  RecordBook,
  RecordBookCleaningEntry,
  RecordBookEntry,
  RecordBookInspectionEntry,
} from '@hullscope/contract';
import PDFDocument from 'pdfkit';
import { sideState } from '../cleanings/side-state.js';
import { type TextStyle } from '../inspections/pdf-text.js';
import { vesselPlanSection } from '../inspections/report-compliance-pdf.js';
import { registerReportFonts } from '../inspections/report-fonts.js';
import {
  CONTENT_WIDTH,
  type Doc,
  GREY,
  PAGE,
  bullets,
  facts,
  heading,
  paragraph,
  numberPages,
} from '../inspections/report-layout.js';

/**
 * The newest entries a PDF prints: each entry is about a page, and a book of thousands would hold a
 * render turn for minutes. The JSON Record Book has every entry.
 */
export const PDF_ENTRY_LIMIT = 500;

const SMALL: TextStyle = { role: 'regular', size: 9 };
const yesNo = (value: boolean | null | undefined) => (value == null ? null : value ? 'Yes' : 'No');
const metres = (value: number | null | undefined) => (value == null ? null : `${value} m`);
const count = (value: number | null | undefined) => (value == null ? null : String(value));
const timestamp = (iso: string) => `${iso.replace('T', ' ').slice(0, 16)} UTC`;

function particulars(doc: Doc, book: RecordBook): void {
  const { vessel } = book;
  heading(doc, 'Ship particulars');
  facts(doc, [
    ['Name of ship', vessel.name],
    ['IMO number', vessel.imo_number ? `IMO ${vessel.imo_number}` : null],
    ['Flag', vessel.flag ? `${vessel.flag_name ?? vessel.flag} (${vessel.flag})` : null],
    ['Ship type', vessel.vessel_type],
    ['Gross tonnage', count(vessel.gross_tonnage)],
    ['Antifouling system', vessel.antifouling_system],
    ['Length overall', metres(vessel.length_overall_m)],
    ['Beam', metres(vessel.beam_m)],
    ['Design draught', metres(vessel.design_draught_m)],
    ['Propellers', count(vessel.propellers)],
    [
      'Bow / stern thrusters',
      vessel.bow_thrusters == null ? null : `${vessel.bow_thrusters} / ${vessel.stern_thrusters ?? 0}`,
    ],
    [
      'Sea chests',
      vessel.sea_chests == null
        ? null
        : `${vessel.sea_chests}${vessel.sea_chest_side ? ` (${vessel.sea_chest_side})` : ''}`,
    ],
    ['Bilge keels', yesNo(vessel.bilge_keels)],
    ['Stabilisers', yesNo(vessel.stabilisers)],
  ]);
}

function inspection(doc: Doc, entry: RecordBookInspectionEntry): void {
  const rating = entry.overall_rating
    ? `IMO rating ${entry.overall_rating.value}: ${entry.overall_rating.label}`
    : 'Not rated';
  facts(doc, [
    ['Date of inspection', entry.date],
    ['Location', entry.location],
    ['Inspection', entry.project_name],
    ['Method', entry.method],
    ['Inspected by', entry.inspected_by],
    ['Visibility', entry.visibility],
    ['Overall condition', `${rating}. ${entry.fouling_found}`],
    ['Antifouling system condition', entry.antifouling_condition],
    ['Next inspection due', entry.next_inspection_due],
  ]);
  doc.font('bold').fontSize(10).fillColor('black').text('Areas inspected', PAGE.margin, doc.y);
  bullets(
    doc,
    entry.areas_inspected.length === 0
      ? ['None recorded']
      : entry.areas_inspected.map((area) => {
          const rated = area.rating
            ? `rating ${area.rating.value} (${area.rating.label}${area.rating_source === 'inspector' ? ', entered by the inspector' : ', from photos'})`
            : 'not rated';
          return `${area.area}: ${rated}; antifouling ${area.antifouling_condition.toLowerCase()}${area.notes ? `. Notes: ${area.notes}` : ''}`;
        }),
  );
  doc.font('bold').fontSize(10).text('Areas not inspected', PAGE.margin, doc.y);
  bullets(doc, [
    ...(entry.areas_not_inspected.length === 0 && entry.areas_not_recorded.length === 0 ? ['None'] : []),
    ...entry.areas_not_inspected.map(
      (area) => `${area.area}: ${area.reason}${area.notes ? ` (${area.notes})` : ''}`,
    ),
    ...entry.areas_not_recorded.map((area) => `${area}: not recorded`),
  ]);
  doc.font('bold').fontSize(10).text('Actions taken or recommended', PAGE.margin, doc.y);
  bullets(
    doc,
    entry.actions.length === 0
      ? ['None: no rule fired']
      : entry.actions.map(
          (action) =>
            `${action.urgency}: ${action.action}. Areas: ${action.areas.join(', ')}. Rule: ${action.rule}.`,
        ),
  );
  facts(doc, [
    ['Person in charge', `${entry.person_in_charge.name}, ${entry.person_in_charge.position}`],
    ['Signed at', timestamp(entry.person_in_charge.signed_at)],
    ['Evidence', `${entry.evidence.photos} analysed photo(s) in the signed report`],
    ['Report revision', `Revision ${entry.revision.revision}`],
    ['SHA-256 of report.json', entry.revision.report_sha256],
    ['Remarks', entry.remarks],
  ]);
}

function reference(side: RecordBookCleaningEntry['before']): string {
  return `${side.project_name} (${side.date ?? 'undated'}; ${sideState(side)})`;
}

function cleaning(doc: Doc, entry: RecordBookCleaningEntry): void {
  facts(doc, [
    ['Date of cleaning', entry.date],
    ['Location', entry.location],
    ['Cleaning company', entry.company],
    ['Method', entry.method],
    ['Capture of debris', entry.capture ? 'Yes' : 'No'],
    ['Certificate reference', entry.certificate_reference],
    ['Inspection before', reference(entry.before)],
    ['Inspection after', reference(entry.after)],
    ['Notes', entry.notes],
    [
      'Recorded by',
      entry.recorded_by
        ? `${entry.recorded_by}, ${timestamp(entry.recorded_at)}`
        : timestamp(entry.recorded_at),
    ],
  ]);
}

function entryBlock(doc: Doc, entry: RecordBookEntry, number: number): void {
  heading(doc, `Entry ${number}: ${entry.entry_label}${entry.date ? `, ${entry.date}` : ''}`);
  if (entry.entry_type === 'inspection') {
    if (entry.revision.reopened) {
      doc.fillColor('#b45309');
      paragraph(doc, entry.remarks, { role: 'bold', size: 9.5 }, PAGE.margin, CONTENT_WIDTH);
      doc.fillColor('black').moveDown(0.3);
    }
    inspection(doc, entry);
  } else {
    cleaning(doc, entry);
  }
}

/** The Record Book as a PDF: particulars, then every entry with the form's fields; a rendering of the JSON. */
export function renderRecordBookPdf(book: RecordBook, entryLimit = PDF_ENTRY_LIMIT): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: `Biofouling Record Book: ${book.vessel.name}`, Author: 'Hullscope' },
  });
  registerReportFonts(doc);
  numberPages(doc, `Biofouling Record Book · ${book.vessel.name}`);
  doc
    .font('bold')
    .fontSize(22)
    .text('Biofouling Record Book', PAGE.margin, PAGE.margin + 10);
  doc.fillColor(GREY);
  paragraph(
    doc,
    `${book.vessel.name} · made ${timestamp(book.generated_at)} · IMO MEPC.378(80), appendix`,
    { role: 'regular', size: 11 },
    PAGE.margin,
    CONTENT_WIDTH,
  );
  for (const note of book.notes) paragraph(doc, note, SMALL, PAGE.margin, CONTENT_WIDTH);
  doc.fillColor('black');
  particulars(doc, book);
  if (book.hull_plan) vesselPlanSection(doc, book.hull_plan);
  if (book.entries.length === 0) {
    heading(doc, 'Entries');
    paragraph(
      doc,
      'No entry yet: no inspection of this vessel has been signed.',
      SMALL,
      PAGE.margin,
      CONTENT_WIDTH,
    );
  }
  // Oldest first, so the newest are the last ones; each keeps its number in the whole book.
  const leftOut = Math.max(0, book.entries.length - entryLimit);
  if (leftOut > 0) {
    heading(doc, 'Entries');
    paragraph(
      doc,
      `The ${leftOut} oldest ${leftOut === 1 ? 'entry is' : 'entries are'} left out: this PDF prints the newest ` +
        `${entryLimit}. The Record Book as JSON has them all.`,
      SMALL,
      PAGE.margin,
      CONTENT_WIDTH,
    );
  }
  book.entries.slice(leftOut).forEach((entry, index) => entryBlock(doc, entry, leftOut + index + 1));
  doc.end();
  return doc;
}
