import { type CleaningComparison, type ComparisonSide, cleaningOutcomeLabels } from '@hullscope/contract';
import PDFDocument from 'pdfkit';
import { sideState } from './side-state.js';
import { type TextStyle } from '../inspections/pdf-text.js';
import { registerReportFonts } from '../inspections/report-fonts.js';
import {
  CONTENT_WIDTH,
  type Doc,
  GREY,
  PAGE,
  ensureSpace,
  facts,
  heading,
  paragraph,
  numberPages,
} from '../inspections/report-layout.js';

const COLUMN_GAP = 16;
const COLUMN = (CONTENT_WIDTH - COLUMN_GAP) / 2;
const PHOTO_HEIGHT = 140;
const SMALL: TextStyle = { role: 'regular', size: 9 };

const ratingText = (rating: ComparisonSide['rating']) =>
  rating ? `IMO rating ${rating.value}: ${rating.label}` : 'Not rated';

function sideLines(side: ComparisonSide): string[] {
  const status =
    side.status === 'not_inspected'
      ? `Not inspected: ${side.not_inspected_reason ?? 'no reason given'}`
      : side.status === 'inspected'
        ? 'Inspected'
        : 'Not recorded';
  const source =
    side.rating_source === 'inspector' ? ' (entered by the inspector)' : side.rating ? ' (from photos)' : '';
  return [
    status,
    `${ratingText(side.rating)}${source}`,
    ...side.coverage.map((entry) => `${entry.label}: ${entry.percentage.toFixed(1)} %`),
    `${side.photo_count} photo(s)${side.photo ? `; shown: ${side.photo.image_name}` : ''}`,
  ];
}

/** One side's column: its photo (thumbnail) and its figures; answers where the column ends. */
function column(doc: Doc, title: string, side: ComparisonSide, x: number, top: number): number {
  doc.font('bold').fontSize(10).fillColor('black').text(title, x, top, { width: COLUMN, lineBreak: false });
  let y = top + 14;
  const thumbnail = side.photo?.thumbnail?.split(',')[1];
  if (thumbnail) {
    // A stored thumbnail that cannot be decoded costs its picture, not the whole PDF.
    try {
      doc.image(Buffer.from(thumbnail, 'base64'), x, y, { fit: [COLUMN, PHOTO_HEIGHT] });
      y += PHOTO_HEIGHT + 4;
    } catch {
      doc.y = y;
      paragraph(doc, 'The photo could not be drawn.', SMALL, x, COLUMN);
      y = doc.y;
    }
  }
  doc.y = y;
  for (const line of sideLines(side)) paragraph(doc, line, SMALL, x, COLUMN);
  return doc.y;
}

/** The comparison as a PDF: the cleaning's facts, then each zone before → after with the photos side by side. */
export function renderComparisonPdf(comparison: CleaningComparison, vesselName: string): Doc {
  const { cleaning } = comparison;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: `Before and after cleaning: ${vesselName}, ${cleaning.date}`, Author: 'Hullscope' },
  });
  registerReportFonts(doc);
  numberPages(doc, `Before and after cleaning · ${vesselName} · ${cleaning.date}`);
  doc
    .font('bold')
    .fontSize(20)
    .text('Before and after cleaning', PAGE.margin, PAGE.margin + 10);
  doc.fillColor(GREY);
  paragraph(
    doc,
    `${vesselName} · cleaned ${cleaning.date}`,
    { role: 'regular', size: 11 },
    PAGE.margin,
    CONTENT_WIDTH,
  );
  doc.fillColor('black').moveDown(0.5);
  const revision = (side: typeof cleaning.before) =>
    `${side.project_name} (${side.date ?? 'undated'}; ${sideState(side)})`;
  facts(doc, [
    ['Cleaning company', cleaning.company],
    ['Method', cleaning.method],
    ['Capture', cleaning.capture ? 'Yes' : 'No'],
    ['Certificate reference', cleaning.certificate_reference],
    ['Inspection before', revision(cleaning.before)],
    ['Inspection after', revision(cleaning.after)],
    ['Overall', `${ratingText(comparison.overall.before)} → ${ratingText(comparison.overall.after)}`],
    ['Notes', cleaning.notes],
  ]);
  doc.fillColor(GREY);
  for (const note of comparison.notes) paragraph(doc, note, SMALL, PAGE.margin, CONTENT_WIDTH);
  doc.fillColor('black');
  heading(doc, 'Zones');
  for (const zone of comparison.zones) {
    ensureSpace(doc, PHOTO_HEIGHT + 120);
    doc
      .font('bold')
      .fontSize(12)
      .fillColor('black')
      .text(
        `${zone.zone_label}: ${ratingText(zone.before.rating)} → ${ratingText(zone.after.rating)} (${cleaningOutcomeLabels[zone.outcome]})`,
        PAGE.margin,
        doc.y,
      );
    const top = doc.y + 4;
    const left = column(doc, 'Before', zone.before, PAGE.margin, top);
    const right = column(doc, 'After', zone.after, PAGE.margin + COLUMN + COLUMN_GAP, top);
    doc.x = PAGE.margin;
    doc.y = Math.max(left, right) + 12;
  }
  if (comparison.zones.length === 0)
    paragraph(doc, 'Neither inspection recorded any area.', SMALL, PAGE.margin, CONTENT_WIDTH);
  doc.end();
  return doc;
}
