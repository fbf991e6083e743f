import { type FontRole, ascentOf, fontRuns } from './report-fonts.js';

type Doc = PDFKit.PDFDocument;

export interface TextStyle {
  role: FontRole;
  size: number;
}

const ELLIPSIS = '…';
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}`;
/**
 * What a line may break between: spaces; each Chinese, Japanese or Korean character with the
 * punctuation after it (those scripts break between characters, never before "。"); and every other
 * run of characters, kept whole ("MEPC.378(80)", "well-kept").
 */
const BREAKABLE_PARTS = new RegExp(String.raw`\s+|[${CJK}][^\s${CJK}\p{L}\p{N}]*|[^\s${CJK}]+`, 'gu');

const split = (segmenter: Intl.Segmenter, text: string) =>
  Array.from(segmenter.segment(text), (part) => part.segment);

/** Leaves the document in the style's first font and size, for the text drawn after. */
function useStyle(doc: Doc, { role, size }: TextStyle): void {
  doc.font(role).fontSize(size);
}

/** The width of `text` in the style's fonts. */
export function widthOf(doc: Doc, text: string, style: TextStyle): number {
  let width = 0;
  for (const run of fontRuns(text, style.role)) width += doc.font(run.font).widthOfString(run.text);
  useStyle(doc, style);
  return width;
}

/** The height of a line of the style's text. */
export function lineHeightOf(doc: Doc, style: TextStyle): number {
  useStyle(doc, style);
  return doc.currentLineHeight(true);
}

/** `text` as it fits `width`: whole, or cut between characters and ended with "…". */
export function fitToWidth(doc: Doc, text: string, style: TextStyle, width: number): string {
  if (widthOf(doc, text, style) <= width) return text;
  const characters = split(graphemes, text);
  const cutAt = (count: number) => `${characters.slice(0, count).join('').trimEnd()}${ELLIPSIS}`;
  // The most characters that fit with the ellipsis: a binary search, as a footer is fitted on every page.
  let low = 0;
  let high = characters.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (widthOf(doc, cutAt(middle), style) <= width) low = middle;
    else high = middle - 1;
  }
  return cutAt(low);
}

/**
 * One line of `text` with its top at (x, y), fitted to `width` (fitToWidth) and placed by `align`,
 * each run in its font on one baseline. It is drawn without pdfkit's line wrapper, which wraps text
 * past the page's foot and adds a page for it: a line of any length stays one line, and a footer
 * drawn as a page is added never adds another.
 */
export function singleLine(
  doc: Doc,
  text: string,
  style: TextStyle,
  x: number,
  y: number,
  width: number,
  align: 'left' | 'center' = 'left',
): void {
  const fitted = fitToWidth(doc, text, style, width);
  const offset = align === 'center' ? (width - widthOf(doc, fitted, style)) / 2 : 0;
  drawLine(doc, fitted, style, x + offset, y);
}

/** `line` as it is, its top at (x, y), each run in its font on one baseline; doc.y stays at y. */
export function drawLine(doc: Doc, line: string, style: TextStyle, x: number, y: number): void {
  let left = x;
  const baseline = y + ascentOf(style.role) * style.size;
  for (const run of fontRuns(line, style.role)) {
    doc.font(run.font).text(run.text, left, baseline, { lineBreak: false, baseline: 'alphabetic' });
    left += doc.widthOfString(run.text);
  }
  useStyle(doc, style);
  doc.x = x;
  doc.y = y;
}

/** A word too wide for a line of its own, in pieces that each fit. */
function pieces(doc: Doc, word: string, style: TextStyle, width: number): string[] {
  const result: string[] = [];
  let piece = '';
  for (const character of split(graphemes, word)) {
    if (piece !== '' && widthOf(doc, piece + character, style) > width) {
      result.push(piece);
      piece = '';
    }
    piece += character;
  }
  return piece === '' ? result : [...result, piece];
}

/**
 * `text` in lines no wider than `width` (give or take kerning between parts): broken at spaces,
 * between Chinese, Japanese and Korean characters, at its line breaks, and within a word too long for
 * a line. Laid out here, not by pdfkit, whose wrapper draws one font per call.
 */
export function wrapLines(doc: Doc, text: string, style: TextStyle, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    const first = lines.length;
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.match(BREAKABLE_PARTS) ?? []) {
      const wordWidth = widthOf(doc, word, style);
      if (lineWidth + wordWidth <= width) {
        line += word;
        lineWidth += wordWidth;
        continue;
      }
      if (line.trim() !== '') lines.push(line.trimEnd());
      if (word.trim() === '') {
        line = '';
        lineWidth = 0;
        continue;
      }
      const parts = wordWidth > width ? pieces(doc, word, style, width) : [word];
      lines.push(...parts.slice(0, -1));
      line = parts.at(-1)!;
      lineWidth = widthOf(doc, line, style);
    }
    // A paragraph ends in its last words, or is one empty line when it has none.
    if (line.trim() !== '' || lines.length === first) lines.push(line.trimEnd());
  }
  return lines;
}
