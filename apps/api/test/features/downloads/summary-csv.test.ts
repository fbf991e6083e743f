import { describe, expect, it } from 'vitest';
import type { SummaryRow } from '../../../src/features/downloads/archive-contents.js';
import { summaryCsv } from '../../../src/features/downloads/summary-csv.js';

const row = (overrides: Partial<SummaryRow>): SummaryRow => ({
  image: 'bow.jpg',
  model: 'Evo',
  version: '1.3.0',
  resolution: 'standard',
  date: '2026-11-22T10:00:00.000Z',
  percentages: [
    { label: 'Clean Structure', hex_color: '#1e88e5', percentage: 59.99 },
    { label: 'Light Slime', hex_color: '#c0ca33', percentage: 25.01 },
    { label: 'Hard Fouling', hex_color: '#e53935', percentage: 15 },
  ],
  project: 'Dry dock, Hamburg',
  fouling_rating: {
    scale: 'IMO MEPC.378(80)',
    value: 2,
    label: 'Light macrofouling',
    macrofouling_percentage: 15,
    microfouling_percentage: 25.01,
  },
  confidence: 0.873,
  low_confidence: false,
  ...overrides,
});

describe('summary.csv', () => {
  it("keeps the spec's columns first, then project, vessel, hull zone, total fouling, the rating and the confidence", () => {
    const csv = summaryCsv([
      row({}),
      row({
        image: 'stern.jpg',
        vessel: 'MV Example',
        hull_zone: 'sea_chest',
        inspection_date: '2026-11-20',
        fouling_rating: null,
        confidence: 0.412,
        low_confidence: true,
      }),
      // Made before confidences were recorded.
      row({ image: 'keel.jpg', confidence: null, low_confidence: null }),
    ])
      .toString()
      .trim()
      .split('\n');
    expect(csv).toEqual([
      'image,model,version,resolution,Clean Structure %,Light Slime %,Hard Fouling %,date,' +
        'project,vessel,hull zone,total fouling %,macrofouling %,microfouling %,IMO rating,IMO rating label,' +
        'confidence,low confidence,hull_zone_label,inspection_date,quality,quality_reasons,reviewed_by',
      // 15 + 25.01 is 40.010000000000005 in floating point; the total keeps two decimals.
      'bow.jpg,Evo,1.3.0,standard,59.99,25.01,15,2026-11-22T10:00:00.000Z,"Dry dock, Hamburg",,,40.01,15,25.01,2,Light macrofouling,0.873,false,,,,,',
      'stern.jpg,Evo,1.3.0,standard,59.99,25.01,15,2026-11-22T10:00:00.000Z,"Dry dock, Hamburg",MV Example,sea_chest,,,,,,0.412,true,Sea chest,2026-11-20,,,',
      'keel.jpg,Evo,1.3.0,standard,59.99,25.01,15,2026-11-22T10:00:00.000Z,"Dry dock, Hamburg",,,40.01,15,25.01,2,Light macrofouling,,,,,,,',
    ]);
  });

  it("adds the zone's label and the inspection date at the end, leaving the code and the prediction's date in place (issue 45 §14)", () => {
    const [header, line] = summaryCsv([
      row({ project: 'Dry dock', hull_zone: 'vertical_side_port', inspection_date: '2026-11-20' }),
    ])
      .toString()
      .trim()
      .split('\n');
    const cells = Object.fromEntries(
      header!.split(',').map((column, index) => [column, line!.split(',')[index]]),
    );
    expect(cells).toMatchObject({
      date: '2026-11-22T10:00:00.000Z',
      'hull zone': 'vertical_side_port',
      hull_zone_label: 'Vertical side (port)',
      inspection_date: '2026-11-20',
    });
  });
});

describe('summary.csv quality columns (issue 46)', () => {
  it("ends with the photo's grade and its reasons, empty for a photo never measured", () => {
    const metrics = {
      sharpness: 0.02,
      contrast: 0.1,
      brightness: 0.4,
      dark_share: 0,
      bright_share: 0,
      colour_cast: 0.2,
      blockiness: 1,
      hull_share: 1,
    };
    const reasons = ['Blurred (sharpness 0.020)', 'Low contrast: murky water or haze (contrast 10 %)'];
    const [header, poor, unmeasured] = summaryCsv([
      row({ quality: { grade: 'poor', reasons, metrics } }),
      row({ quality: null }),
    ])
      .toString()
      .trim()
      .split('\n');
    expect(header!.split(',').slice(-3)).toEqual(['quality', 'quality_reasons', 'reviewed_by']);
    expect(poor!.endsWith(`,poor,${reasons.join('; ')},`)).toBe(true);
    expect(unmeasured!.endsWith(',,,')).toBe(true);
  });
});
