import { describe, expect, it } from 'vitest';
import { type FontRole, fontRuns } from '../../../src/features/inspections/report-fonts.js';

// Which embedded font draws each character of the report's text: pdfkit draws a glyph its font lacks
// as nothing, so every character must go to a font that has it.

describe.each<FontRole>(['regular', 'bold'])('the report’s %s text', (role) => {
  it('goes to DejaVu Sans, then Noto Sans Hans, then Noto Emoji, as each has the glyph', () => {
    expect(fontRuns('MV 远洋号 日本丸 🚢', role)).toEqual([
      { font: role, text: 'MV ' },
      { font: `${role}-1`, text: '远洋号' },
      { font: role, text: ' ' },
      { font: `${role}-1`, text: '日本丸' },
      { font: role, text: ' ' },
      { font: `${role}-2`, text: '🚢' },
    ]);
  });

  it('keeps an emoji sequence (joiners, variation selectors) in one font', () => {
    expect(fontRuns('👨‍👩‍👧 ❄️', role)).toEqual([
      { font: `${role}-2`, text: '👨‍👩‍👧' },
      { font: role, text: ' ❄️' },
    ]);
  });

  it('draws a character that no font has as �, never as nothing', () => {
    expect(fontRuns('부산 Ørnøya', role)).toEqual([{ font: role, text: '\uFFFD\uFFFD Ørnøya' }]);
  });
});
