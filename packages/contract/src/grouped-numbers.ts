/**
 * Whole numbers as people type them, with digit groups: "24500", "24,500", "24 500", "24'500",
 * "1.000.000". The groups are of three digits after a first one of one to three, all split by one
 * kind of separator, so "24,50" and "2,45,000" are refused rather than guessed at. A single point
 * ("24.500") is refused too: it reads as a decimal point in English and as a group in German.
 */

/** Separators that mean the same: the spaces a keyboard or a spreadsheet writes, and both apostrophes. */
const SEPARATOR_KINDS = [',', ' \u00A0\u2009\u202F', "'\u2019", '.'] as const;

export type WholeNumberReading =
  | { kind: 'number'; value: number }
  | { kind: 'not-whole' }
  /** One point with three digits after it: 24.500 may be 24 500 or 24.5. */
  | { kind: 'ambiguous-point'; digits: string };

export function readWholeNumber(text: string): WholeNumberReading {
  const typed = text.trim();
  if (/^-?\d+$/.test(typed)) return { kind: 'number', value: Number(typed) };
  const sign = typed.startsWith('-') ? '-' : '';
  const body = typed.slice(sign.length);
  const separators = body.replace(/\d/g, '');
  const kind = SEPARATOR_KINDS.find(
    (chars) => separators.length > 0 && [...separators].every((c) => chars.includes(c)),
  );
  if (kind === undefined) return { kind: 'not-whole' };
  const groups = body.split(new RegExp(`[${kind}]`));
  const grouped =
    /^\d{1,3}$/.test(groups[0] ?? '') && groups.slice(1).every((group) => /^\d{3}$/.test(group));
  if (!grouped) return { kind: 'not-whole' };
  const digits = sign + groups.join('');
  if (kind === '.' && groups.length === 2) return { kind: 'ambiguous-point', digits };
  return { kind: 'number', value: Number(digits) };
}
