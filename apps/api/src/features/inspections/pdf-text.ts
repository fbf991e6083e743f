type Doc = PDFKit.PDFDocument;

const ELLIPSIS = '…';
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** `text` as it fits `width` in the current font and size: whole, or cut between characters and ended with "…". */
export function fitToWidth(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  const characters = Array.from(graphemes.segment(text), (part) => part.segment);
  const cutAt = (count: number) => `${characters.slice(0, count).join('').trimEnd()}${ELLIPSIS}`;
  // The most characters that fit with the ellipsis: a binary search, as a footer is fitted on every page.
  let low = 0;
  let high = characters.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(cutAt(middle)) <= width) low = middle;
    else high = middle - 1;
  }
  return cutAt(low);
}

/**
 * One line of `text` with its top at (x, y), fitted to `width` (fitToWidth) and placed by `align`.
 * It is drawn without pdfkit's line wrapper, which wraps text past the page's foot and adds a page for
 * it: a line of any length stays one line, and a footer drawn as a page is added never adds another.
 */
export function singleLine(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  align: 'left' | 'center' = 'left',
): void {
  const fitted = fitToWidth(doc, text, width);
  const offset = align === 'center' ? (width - doc.widthOfString(fitted)) / 2 : 0;
  doc.text(fitted, x + offset, y, { lineBreak: false });
}
