import { once } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type FoulingRating,
  IMO_RATING_COLOURS,
  type InspectionReport,
  type LabelPercentage,
  hullZoneLabels,
  qualityGradeLabels,
} from '@hullscope/contract';
import PDFDocument from 'pdfkit';
import type { Storage } from '../../storage/storage.js';
import type { RatedImage } from './inspection-summary.js';
import { singleLine } from './pdf-text.js';
import {
  actionsSection,
  checklistSection,
  fuelPenaltySection,
  hullPlanSection,
} from './report-compliance-pdf.js';
import { registerReportFonts } from './report-fonts.js';
import {
  CONTENT_WIDTH,
  type Doc,
  GREY,
  LINE,
  PAGE,
  bullets,
  ensureSpace,
  facts,
  heading,
  paragraph,
  numberPages,
} from './report-layout.js';
import { type ReportFigures, reportFigures } from './report-figures.js';
import { currentMaskPrefix } from '../mask-versions/mask-files.js';
import { printableGaDrawing } from '../ga-drawing/printable-ga-drawing.js';

const LOW_CONFIDENCE_COLOUR = '#b45309';
/** Figures made ahead of the page being written: enough to keep both cores busy, few enough to stay small. */
const FIGURES_AHEAD = 3;
/** Bytes the PDF may hold for a slow reader before rendering waits for it. */
const UNREAD_LIMIT = 4 * 1024 * 1024;

function ratingText(rating: FoulingRating | null): string {
  return rating ? `IMO rating ${rating.value}: ${rating.label}` : 'Not rated';
}

/** That the macrofouling read stayed within the model's noise floor and raised no band (issue 45 §3). */
function noiseNote(rating: FoulingRating | null): string {
  if (!rating?.macrofouling_within_noise) return '';
  return ` · within the model's noise floor (${rating.macrofouling_noise_floor_percentage} %): not counted`;
}

function percentText(value: number): string {
  return `${value.toFixed(1)} %`;
}

/** A rating chip in the scale's colours at (x, y); answers its width. */
function ratingChip(doc: Doc, rating: FoulingRating | null, x: number, y: number, size = 9): number {
  const text = ratingText(rating);
  doc.font('bold').fontSize(size);
  const width = doc.widthOfString(text) + 12;
  const height = size + 8;
  const colours = rating ? IMO_RATING_COLOURS[rating.value]! : { background: '#eeeeee', text: '#333333' };
  doc.save().roundedRect(x, y, width, height, 3).fill(colours.background).restore();
  doc.fillColor(colours.text).text(text, x + 6, y + 4, { lineBreak: false });
  doc.fillColor('black');
  return width;
}

/** A horizontal bar of the coverage in the class colours. */
function stackedBar(
  doc: Doc,
  coverage: LabelPercentage[],
  x: number,
  y: number,
  width: number,
  height: number,
) {
  let left = x;
  for (const entry of coverage) {
    const part = (entry.percentage / 100) * width;
    if (part <= 0) continue;
    doc.save().rect(left, y, part, height).fill(entry.hex_color).restore();
    left += part;
  }
  doc.save().lineWidth(0.5).rect(x, y, width, height).stroke(LINE).restore();
}

/** Class swatches with their names and shares, in two columns. */
function classList(doc: Doc, percentages: LabelPercentage[], x: number, y: number, width: number): number {
  const columnWidth = width / 2;
  percentages.forEach((entry, index) => {
    const column = index % 2;
    const row = Math.floor(index / 2);
    const left = x + column * columnWidth;
    const top = y + row * 13;
    doc
      .save()
      .rect(left, top + 1, 8, 8)
      .fill(entry.hex_color)
      .restore();
    doc.fillColor('black');
    singleLine(
      doc,
      `${entry.label} ${percentText(entry.percentage)}`,
      { role: 'regular', size: 8.5 },
      left + 12,
      top,
      columnWidth - 14,
    );
  });
  return Math.ceil(percentages.length / 2) * 13;
}

function cover(doc: Doc, report: InspectionReport): void {
  const { vessel, inspection, model, resolution, summary } = report;
  doc
    .font('bold')
    .fontSize(24)
    .text('Hull inspection report', PAGE.margin, PAGE.margin + 20);
  doc.fillColor(GREY);
  paragraph(doc, report.project.name, { role: 'regular', size: 13 }, PAGE.margin, CONTENT_WIDTH);
  doc.fillColor('black');
  doc.moveDown(1);
  ratingChip(doc, summary.overall_rating, PAGE.margin, doc.y, 14);
  doc.y += 30;
  const worst = summary.zones.find((zone) => zone.rating && zone.hull_zone === summary.worst_zone);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(GREY)
    .text(
      summary.overall_rating
        ? `Overall rating: the worst zone${worst ? `, ${worst.zone_label}` : ''}. ${report.images.length} photo(s) analysed in ${summary.zones.length} zone(s).`
        : 'No analysed photo shows hull surface: the inspection has no rating yet.',
      PAGE.margin,
      doc.y,
    )
    .fillColor('black');
  doc.moveDown(1.2);
  facts(doc, [
    ['Operator', report.operator ? [report.operator.name, ...report.operator.address].join(', ') : null],
    ['Vessel', vessel?.name],
    ['IMO number', vessel?.imo_number ? `IMO ${vessel.imo_number}` : null],
    ['Flag', vessel?.flag ? `${vessel.flag_name ?? vessel.flag} (${vessel.flag})` : null],
    ['Vessel type', vessel?.vessel_type],
    ['Gross tonnage', vessel?.gross_tonnage != null ? String(vessel.gross_tonnage) : null],
    ['Antifouling system', vessel?.antifouling_system],
    ['Inspection date', inspection.date],
    ['Location', report.project.location],
    ['Method', inspection.method_label],
    ['Inspector', inspection.inspector],
    ['Visibility', inspection.visibility_label],
    ['Model', model ? `${model.name} ${model.version}` : null],
    ['Resolution', resolution?.display_name],
    ['Generated', `${report.generated_at.slice(0, 16).replace('T', ' ')} UTC`],
  ]);
}

function ratingScale(doc: Doc, report: InspectionReport): void {
  heading(doc, `Rating scale (${report.rating_scale.scale})`);
  for (const band of report.rating_scale.bands) {
    ensureSpace(doc, 24);
    const y = doc.y;
    const rating = { value: band.value, label: band.label } as FoulingRating;
    ratingChip(doc, rating, PAGE.margin, y);
    doc
      .font('regular')
      .fontSize(9.5)
      .text(band.description, PAGE.margin + 200, y + 2, { width: CONTENT_WIDTH - 200 });
    doc.y = Math.max(doc.y, y + 20);
  }
  doc
    .moveDown(0.4)
    .font('regular')
    .fontSize(9)
    .fillColor(GREY)
    .text(
      `Percentages are of the hull surface in view (Background excluded), rounded to whole percent before the bands apply. Microfouling below ${report.rating_scale.microfouling_min_percent} % of the surface counts as no fouling. A macrofouling share up to the model's noise floor (the most it reads as macrofouling on real photos free of it) raises no band.`,
      PAGE.margin,
      doc.y,
      { width: CONTENT_WIDTH },
    )
    .fillColor('black');
}

function zoneSummary(doc: Doc, report: InspectionReport): void {
  heading(doc, 'Summary per hull zone');
  const classes = report.summary.all_zones.coverage;
  if (classes.length > 0) {
    const used = classList(doc, classes, PAGE.margin, doc.y, CONTENT_WIDTH);
    doc.y += used + 4;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text('Shares above: all zones pooled.', PAGE.margin, doc.y)
      .fillColor('black');
    doc.moveDown(0.5);
  }
  for (const zone of report.summary.zones) {
    ensureSpace(doc, 58);
    const y = doc.y;
    doc.font('bold').fontSize(11).text(zone.zone_label, PAGE.margin, y, { width: 180 });
    ratingChip(doc, zone.rating, PAGE.margin + 190, y - 1);
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(GREY)
      .text(
        `${zone.predicted_count} of ${zone.image_count} photo(s) analysed` +
          (zone.rating
            ? ` · macrofouling ${percentText(zone.rating.macrofouling_percentage)}${noiseNote(zone.rating)}`
            : ''),
        PAGE.margin,
        y + 16,
        { width: CONTENT_WIDTH },
      )
      .fillColor('black');
    stackedBar(doc, zone.coverage, PAGE.margin, y + 29, CONTENT_WIDTH, 9);
    singleLine(
      doc,
      zone.worst_image ? `Worst photo: ${zone.worst_image.image_name}` : 'Worst photo: none rated',
      { role: 'regular', size: 8.5 },
      PAGE.margin,
      y + 41,
      CONTENT_WIDTH,
    );
    doc.y = y + 58;
  }
}

const IMAGE_BLOCK_HEIGHT = 330;
const FIGURE_WIDTH = (CONTENT_WIDTH - 12) / 2;
const FIGURE_HEIGHT = 190;

function imageBlock(doc: Doc, image: InspectionReport['images'][number], figures: ReportFigures): void {
  ensureSpace(doc, IMAGE_BLOCK_HEIGHT);
  const y = doc.y;
  singleLine(doc, image.image_name, { role: 'bold', size: 10.5 }, PAGE.margin, y, CONTENT_WIDTH);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(GREY)
    .text(`Zone: ${image.zone_label}`, PAGE.margin, y + 15)
    .fillColor('black');
  const chipWidth = ratingChip(doc, image.rating, PAGE.margin + 200, y + 13);
  if (image.rating?.macrofouling_within_noise) {
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor(GREY)
      .text(
        `${percentText(image.rating.macrofouling_percentage)} macrofouling${noiseNote(image.rating)}`,
        PAGE.margin,
        y + 25,
        { width: 195, lineBreak: false, ellipsis: true },
      )
      .fillColor('black');
  }
  if (image.low_confidence) {
    // The viewer's warning, so a reader of the paper record sees what a reviewer on screen sees.
    doc
      .font('bold')
      .fontSize(8.5)
      .fillColor(LOW_CONFIDENCE_COLOUR)
      .text(
        `Low confidence (${Math.round((image.confidence ?? 0) * 100)} %): poor visibility or an unfamiliar surface`,
        PAGE.margin + 200 + chipWidth + 8,
        y + 15,
        { width: CONTENT_WIDTH - 200 - chipWidth - 8, lineBreak: false, ellipsis: true },
      )
      .fillColor('black');
  }
  if (image.quality && image.quality.grade !== 'good') {
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor(image.quality.grade === 'poor' ? LOW_CONFIDENCE_COLOUR : GREY)
      .text(qualityNote(image), PAGE.margin + 200, y + 25, {
        width: CONTENT_WIDTH - 200,
        lineBreak: false,
        ellipsis: true,
      })
      .fillColor('black');
  }
  const top = y + 34;
  doc.image(figures.original, PAGE.margin, top, {
    fit: [FIGURE_WIDTH, FIGURE_HEIGHT],
    align: 'center',
    valign: 'center',
  });
  doc.image(figures.overlay, PAGE.margin + FIGURE_WIDTH + 12, top, {
    fit: [FIGURE_WIDTH, FIGURE_HEIGHT],
    align: 'center',
    valign: 'center',
  });
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(GREY)
    .text('Photo (ORG)', PAGE.margin, top + FIGURE_HEIGHT + 3, { width: FIGURE_WIDTH, align: 'center' })
    .text('Prediction overlay', PAGE.margin + FIGURE_WIDTH + 12, top + FIGURE_HEIGHT + 3, {
      width: FIGURE_WIDTH,
      align: 'center',
    })
    .fillColor('black');
  const used = classList(doc, image.percentages, PAGE.margin, top + FIGURE_HEIGHT + 18, CONTENT_WIDTH);
  doc.y = top + FIGURE_HEIGHT + 18 + used + 14;
  doc
    .save()
    .lineWidth(0.5)
    .moveTo(PAGE.margin, doc.y - 7)
    .lineTo(PAGE.margin + CONTENT_WIDTH, doc.y - 7)
    .stroke(LINE)
    .restore();
}

/** Who signed this revision, when, and the hash of the report.json the signature covers (issue 39 §4). */
function signatureBlock(doc: Doc, report: InspectionReport, reportSha256: string | null): void {
  const signature = report.signature;
  heading(
    doc,
    signature ? `Signature (revision ${signature.revision})` : `Revision ${report.revision ?? 1}: not signed`,
  );
  if (!signature) {
    bullets(doc, ['This report is a draft: the inspection has not been signed.']);
    return;
  }
  facts(doc, [
    ['Signed by', signature.name],
    ['Position', signature.position],
    ['Signed at', `${signature.signed_at.replace('T', ' ').slice(0, 16)} UTC`],
    ['Revision', String(signature.revision)],
    ['Account', signature.signed_by.name],
    ['SHA-256 of report.json', reportSha256],
  ]);
}

function recordBook(doc: Doc, report: InspectionReport): void {
  const entry = report.record_book_entry;
  heading(doc, 'Biofouling Record Book: in-water inspection entry');
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(GREY)
    .text(
      'Pre-filled from this report (IMO MEPC.378(80)); check it before it is entered and signed.',
      PAGE.margin,
      doc.y,
    )
    .fillColor('black');
  doc.moveDown(0.6);
  facts(doc, [
    ['Entry', entry.entry_type],
    ['Date', entry.date],
    ['Location', entry.location],
    ['Vessel', entry.vessel],
    ['Areas inspected', entry.areas_inspected.join(', ')],
    [
      'Areas not inspected',
      entry.areas_not_inspected?.length ? entry.areas_not_inspected.join('; ') : 'None',
    ],
    ['Fouling found', entry.fouling_found],
    ['Rating', entry.rating ? `${ratingText(entry.rating)}${noiseNote(entry.rating)}` : 'Not rated'],
    ['Method', entry.method],
    ['Inspector', entry.inspector],
    ['Remarks', entry.remarks],
    ['Signature', ' '],
  ]);
}

/** Resolves once the reader has taken enough of the PDF, or at once when the PDF was given up. */
async function keepPaceWithReader(doc: Doc): Promise<void> {
  while (doc.readableLength > UNREAD_LIMIT && !doc.destroyed) {
    await Promise.race([once(doc, 'data'), once(doc, 'close')]);
  }
}

export type ReportPhotoChoice = 'key' | 'all';

/** The photo's quality as the viewer shows it: its grade, whether its rating counts, and why. */
export function qualityNote(image: InspectionReport['images'][number]): string {
  const quality = image.quality!;
  const grade = `Quality: ${qualityGradeLabels[quality.grade].toLowerCase()}`;
  const left = image.excluded_from_rating ? ', left out of the rating' : '';
  return `${grade}${left}: ${quality.reasons.join('; ')}`;
}

/**
 * The indices of report.images the PDF shows, in report order: every one, or the key ones (issue 45
 * §2): each zone's worst photo and every photo flagged for low confidence, so a 300-photo survey
 * makes a report of a few pages while report.json keeps them all.
 */
export function photosToShow(report: InspectionReport, photos: ReportPhotoChoice): number[] {
  const indices = report.images.map((_, index) => index);
  if (photos === 'all') return indices;
  const worst = new Set(
    report.summary.zones.flatMap((zone) => (zone.worst_image ? [zone.worst_image.image_id] : [])),
  );
  return indices.filter((index) => {
    const image = report.images[index]!;
    return worst.has(image.image_id) || image.low_confidence === true;
  });
}

/**
 * The PDF rendering of a report (report.json), streamed: pages go to the reader as they are made,
 * each image's figures are made a few ahead and dropped once placed, and rendering waits while the
 * reader is more than UNREAD_LIMIT behind, so a 500-image project never sits in memory whole. An
 * error destroys the stream (the reader sees a broken download, never a short PDF that looks whole).
 */
export function renderReportPdf(
  report: InspectionReport,
  rated: RatedImage[],
  storage: Storage,
  photos: ReportPhotoChoice = 'key',
  reportSha256: string | null = null,
  gaDrawingKey: string | null = null,
): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: {
      Title: `Hull inspection report: ${report.project.name}`,
      Author: 'Hullscope',
      Subject: report.vessel ? `${report.vessel.name} inspection` : 'Hull inspection',
    },
  });
  registerReportFonts(doc);
  numberPages(doc, `Hullscope inspection report · ${report.project.name}`);

  const write = async () => {
    cover(doc, report);
    doc.addPage();
    ratingScale(doc, report);
    zoneSummary(doc, report);
    const shown = photosToShow(report, photos);
    if (shown.length > 0) {
      // On the page in hand when a photo fits there: no half-empty page before the first one.
      ensureSpace(doc, IMAGE_BLOCK_HEIGHT + 40);
      heading(
        doc,
        photos === 'all'
          ? 'Photos: original and prediction'
          : 'Key photos: the worst of each zone and those flagged for low confidence',
      );
      const predictionsShown = shown.map((index) => rated[index]!.prediction);
      const ahead: Promise<ReportFigures>[] = [];
      const schedule = (index: number) => {
        if (index >= predictionsShown.length) return;
        const prediction = predictionsShown[index]!;
        const figures = reportFigures(storage, prediction.storage_prefix, currentMaskPrefix(prediction));
        // Awaited in turn below; one that fails after an earlier failure must not go unhandled.
        figures.catch(() => undefined);
        ahead.push(figures);
      };
      for (let index = 0; index < FIGURES_AHEAD; index += 1) schedule(index);
      for (let index = 0; index < shown.length; index += 1) {
        if (doc.destroyed) return;
        const figures = await ahead.shift()!;
        schedule(index + FIGURES_AHEAD);
        imageBlock(doc, report.images[shown[index]!]!, figures);
        await keepPaceWithReader(doc);
        // Figures made ahead are often ready, and awaiting them alone never lets the event loop
        // turn: a long report would keep every other request of the process waiting till its end.
        await nextTurn();
      }
    }
    const omitted = report.images.length - shown.length;
    if (omitted > 0) {
      paragraph(
        doc,
        `${omitted} more analysed photo${omitted === 1 ? ' is' : 's are'} not shown here: every photo is in the report with all photos, in report.json and in the project's download.`,
        { role: 'regular', size: 9 },
        PAGE.margin,
        CONTENT_WIDTH,
      );
    }
    const excluded = report.excluded_images ?? [];
    if (excluded.length > 0) {
      heading(doc, 'Photos of poor quality left out of the ratings');
      bullets(
        doc,
        excluded.map((image) => `${image.image_name} (${image.zone_label}): ${image.reasons.join('; ')}`),
      );
    }
    if (report.images_without_prediction.length > 0) {
      heading(doc, 'Photos not analysed with this model and resolution');
      bullets(
        doc,
        report.images_without_prediction.map(
          (image) => `${image.image_name} (${image.hull_zone ? hullZoneLabels[image.hull_zone] : 'no zone'})`,
        ),
      );
    }
    checklistSection(doc, report);
    actionsSection(doc, report);
    fuelPenaltySection(doc, report);
    // The vessel's own GA drawing takes the drawn plan's place when the report names one.
    const gaImage =
      report.ga_drawing && gaDrawingKey ? await printableGaDrawing(storage, gaDrawingKey) : null;
    hullPlanSection(doc, report, gaImage);
    heading(doc, 'Methods and limitations');
    bullets(doc, report.methods_and_limitations);
    recordBook(doc, report);
    signatureBlock(doc, report, reportSha256);
    doc.end();
  };
  write().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}
