import { describe, expect, it } from 'vitest';
import { readWholeNumber } from '../src/grouped-numbers.js';

describe('readWholeNumber (issue 45 §11)', () => {
  it('reads digits, and digits in groups of three split by one kind of separator', () => {
    for (const [typed, value] of [
      ['24500', 24_500],
      [' 24500 ', 24_500],
      ['-5', -5],
      ['24,500', 24_500],
      ['24 500', 24_500],
      ['24\u00A0500', 24_500], // no-break space
      ['24\u2009500', 24_500], // thin space
      ['24\u202F500', 24_500], // narrow no-break space, as French formatting writes it
      ["24'500", 24_500],
      ['24\u2019500', 24_500], // typographic apostrophe
      ['1,000,000', 1_000_000],
      ['1 000\u00A0000', 1_000_000], // spaces of either kind count as one separator
      ['1.000.000', 1_000_000], // two points cannot be a decimal point
      ['-24,500', -24_500],
    ] as const) {
      expect(readWholeNumber(typed), typed).toEqual({ kind: 'number', value });
    }
  });

  it('refuses decimals, other groupings, mixed separators and nonsense', () => {
    for (const typed of [
      '',
      '12.5',
      '24,5',
      '24,50',
      '24,5000',
      '2,45,000',
      '1234,567',
      ',500',
      '24,',
      '24,,500',
      '24,500 000',
      '24,500.00',
      '24_500',
      '1e4',
      '0x10',
      'abc',
      '24 500 GT',
      '--5',
    ]) {
      expect(readWholeNumber(typed), typed).toEqual({ kind: 'not-whole' });
    }
  });

  it('does not guess at a single point followed by three digits: 24.500 may be 24.5', () => {
    expect(readWholeNumber('24.500')).toEqual({ kind: 'ambiguous-point', digits: '24500' });
    expect(readWholeNumber('1.000')).toEqual({ kind: 'ambiguous-point', digits: '1000' });
  });
});
