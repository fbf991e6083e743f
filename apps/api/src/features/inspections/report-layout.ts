import type { TextStyle } from './pdf-text.js';
import { drawLine, fitToWidth, lineHeightOf, singleLine, widthOf, wrapLines } from './pdf-text.js';

/** The report's page and the text blocks every section is made of (report-pdf.ts and its sections). */
export type Doc = PDFKit.PDFDocument;

export const PAGE = { width: 595.28, height: 841.89, margin: 48 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const BOTTOM = PAGE.height - PAGE.margin - 16;
export const GREY = '#555555';
export const LINE = '#cccccc';

export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > BOTTOM) doc.addPage();
}

/** `text` wrapped to `width` from doc.y down, a page added where a line would pass the foot. */
export function paragraph(doc: Doc, text: string, style: TextStyle, x: number, width: number): void {
  const height = lineHeightOf(doc, style);
  for (const line of wrapLines(doc, text, style, width)) {
    ensureSpace(doc, height);
    drawLine(doc, line, style, x, doc.y);
    doc.y += height;
  }
}

export function heading(doc: Doc, text: string): void {
  ensureSpace(doc, 60);
  doc.moveDown(0.6).font('bold').fontSize(15).fillColor('black').text(text, PAGE.margin, doc.y);
  doc.moveDown(0.3);
}

/** Label: value rows, skipping values not recorded. */
export function facts(doc: Doc, rows: [string, string | null | undefined][], labelWidth = 150): void {
  for (const [label, value] of rows) {
    ensureSpace(doc, 18);
    const { y, page } = doc;
    doc.font('bold').fontSize(10).fillColor(GREY).text(label, PAGE.margin, y, { width: labelWidth });
    doc.fillColor('black');
    doc.y = y;
    const text = value && value !== '' ? value : 'Not recorded';
    paragraph(doc, text, { role: 'regular', size: 10 }, PAGE.margin + labelWidth, CONTENT_WIDTH - labelWidth);
    // A value that went on over a page starts the next row where it ended.
    if (doc.page === page) doc.y = Math.max(doc.y, y + 14);
    doc.moveDown(0.15);
  }
}

export function bullets(doc: Doc, lines: string[]): void {
  for (const line of lines) {
    ensureSpace(doc, 30);
    paragraph(doc, `•  ${line}`, { role: 'regular', size: 9.5 }, PAGE.margin, CONTENT_WIDTH);
    doc.moveDown(0.35);
  }
}

/**
 * Writes "<title> · page N" at the foot of every page, now and on each page added later. A long title
 * is cut short, never the page number after it.
 */
export function numberPages(doc: Doc, title: string): void {
  let page = 1;
  const footer = () => {
    const style: TextStyle = { role: 'regular', size: 7.5 };
    const pageNumber = ` · page ${page}`;
    doc.fillColor(GREY);
    const fitted = fitToWidth(doc, title, style, CONTENT_WIDTH - widthOf(doc, pageNumber, style));
    singleLine(
      doc,
      `${fitted}${pageNumber}`,
      style,
      PAGE.margin,
      PAGE.height - PAGE.margin + 8,
      CONTENT_WIDTH,
      'center',
    );
    doc.fillColor('black');
    doc.x = PAGE.margin;
    doc.y = PAGE.margin;
  };
  doc.on('pageAdded', () => {
    page += 1;
    footer();
  });
  footer();
}
