import type { LabelPercentage } from '@hullscope/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderStatChart } from '../../src/inference/stat-chart.js';

const CLEAN = '#1e88e5';
const HARD = '#e53935';

function percentages(clean: number, hard: number): LabelPercentage[] {
  return [
    { label: 'Clean Structure', hex_color: CLEAN, percentage: clean },
    { label: 'Hard Fouling', hex_color: HARD, percentage: hard },
  ];
}

/** Pixels of the chart drawn exactly in `hex` (the bars; anti-aliased edges aside). */
async function pixelsOf(png: Buffer, hex: string): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const rgb = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  let count = 0;
  for (let at = 0; at < data.length; at += info.channels) {
    if (data[at] === rgb[0] && data[at + 1] === rgb[1] && data[at + 2] === rgb[2]) count += 1;
  }
  return count;
}

describe('renderStatChart (STAT)', () => {
  it('draws a PNG bar per class in its colour, as long as its share', async () => {
    const png = await renderStatChart(percentages(80, 20), 'Chart test 1.0.0');
    expect((await sharp(png).metadata()).format).toBe('png');
    const [clean, hard] = [await pixelsOf(png, CLEAN), await pixelsOf(png, HARD)];
    expect(hard).toBeGreaterThan(0);
    // Bars of equal height: the areas follow the shares (80 : 20), rounded ends aside.
    expect(clean / hard).toBeGreaterThan(3.5);
    expect(clean / hard).toBeLessThan(4.5);
  });

  it('keeps each chart its own data when charts of one model are drawn at the same time', async () => {
    const title = 'Chart test 2.0.0';
    const drawnTogether = await Promise.all([
      renderStatChart(percentages(90, 10), title),
      renderStatChart(percentages(30, 70), title),
      renderStatChart(percentages(50, 50), title),
    ]);
    const drawnAlone = [
      await renderStatChart(percentages(90, 10), title),
      await renderStatChart(percentages(30, 70), title),
      await renderStatChart(percentages(50, 50), title),
    ];
    for (const [index, png] of drawnTogether.entries()) {
      expect(png.equals(drawnAlone[index]!)).toBe(true);
    }
    expect(drawnTogether[0]!.equals(drawnTogether[1]!)).toBe(false);
  });

  it('lays out each chart for its own data, whatever the same model drew before', async () => {
    const title = 'Chart test 3.0.0';
    await renderStatChart(percentages(40, 60), title);
    const afterAnother = await renderStatChart(percentages(100, 0), title);
    const firstOfItsTitle = await renderStatChart(percentages(100, 0), 'Chart test 3.0.0 (fresh)');
    const width = async (png: Buffer) => (await sharp(png).metadata()).width;
    // The "100.0 %" label is wider than "40.0 %": a layout kept from the first chart cuts it off.
    expect(await width(afterAnother)).toBe(await width(firstOfItsTitle));
    expect(await pixelsOf(afterAnother, CLEAN)).toBe(await pixelsOf(firstOfItsTitle, CLEAN));
  });
});
