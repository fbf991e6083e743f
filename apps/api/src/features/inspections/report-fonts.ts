import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);
/** @embedpdf/fonts-sc exports no paths to its fonts: they sit in fonts/, beside its dist/ entry. */
const notoSansHans = (file: string) =>
  path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts', file);

export type FontRole = 'regular' | 'bold';

/**
 * Each role's fonts (embedded, subset), in the order a character looks for its glyph: DejaVu Sans
 * (Latin, Greek, Cyrillic and many symbols), Noto Sans Hans (Chinese, and Japanese kana and kanji) and
 * Noto Emoji (outlines: a PDF's text draws no colour glyphs). pdfkit has no fallback of its own.
 */
const FONT_FILES: Record<FontRole, readonly string[]> = {
  regular: [
    require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    notoSansHans('NotoSansHans-Regular.otf'),
    require.resolve('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf'),
  ],
  bold: [
    require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
    notoSansHans('NotoSansHans-Bold.otf'),
    require.resolve('@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf'),
  ],
};

/** Drawn in the role's first font for a character that no font of the role has: visibly not blank. */
const REPLACEMENT_CHARACTER = '\uFFFD';

/** A font's name in the document: the role for its first font (what `doc.font('bold')` picks), then `role-1`, … */
const fontName = (role: FontRole, index: number) => (index === 0 ? role : `${role}-${index}`);

export function registerReportFonts(doc: PDFKit.PDFDocument): void {
  for (const [role, files] of Object.entries(FONT_FILES) as [FontRole, readonly string[]][]) {
    files.forEach((file, index) => doc.registerFont(fontName(role, index), file));
  }
}

interface FontFacts {
  codePoints: Set<number>;
  /** Above the baseline, in ems. */
  ascent: number;
}

/** Read once per process and only when needed: a report in Latin script never opens the CJK font. */
const factsByFile = new Map<string, FontFacts>();
function factsOf(file: string): FontFacts {
  let facts = factsByFile.get(file);
  if (!facts) {
    const font = fontkit.openSync(file) as fontkit.Font;
    facts = { codePoints: new Set(font.characterSet), ascent: font.ascent / font.unitsPerEm };
    factsByFile.set(file, facts);
  }
  return facts;
}

/** Where the baseline of a line of the role's text lies below its top, in ems (the first font's). */
export function ascentOf(role: FontRole): number {
  return factsOf(FONT_FILES[role][0]!).ascent;
}

export interface TextRun {
  /** The font's name in the document. */
  font: string;
  text: string;
}

/** Marks, joiners and variation selectors: they take the script of the character before them. */
const INHERITED = /\p{Script=Inherited}/u;

/**
 * `text` split into runs by the font that draws them: each character in the role's first font that
 * has its glyph, a mark or joiner in the run it follows where that font has it (so an emoji sequence
 * is drawn by one font), and one that no font has as REPLACEMENT_CHARACTER.
 */
export function fontRuns(text: string, role: FontRole): TextRun[] {
  const files = FONT_FILES[role];
  const runs: TextRun[] = [];
  let current: { run: TextRun; index: number } | undefined;
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    let index =
      current && INHERITED.test(character) && factsOf(files[current.index]!).codePoints.has(codePoint)
        ? current.index
        : files.findIndex((file) => factsOf(file).codePoints.has(codePoint));
    const drawn = index === -1 ? REPLACEMENT_CHARACTER : character;
    if (index === -1) index = 0;
    if (current?.index === index) {
      current.run.text += drawn;
    } else {
      current = { run: { font: fontName(role, index), text: drawn }, index };
      runs.push(current.run);
    }
  }
  return runs;
}
