import type { LabelPercentage } from '@hullscope/contract';
import sharp from 'sharp';
import * as vega from 'vega';
import { type TopLevelSpec, compile } from 'vega-lite';

const DATASET = 'classes';

function chartSpec(title: string): TopLevelSpec {
  return {
    width: 520,
    height: { step: 38 },
    background: 'white',
    padding: 16,
    title: { text: title, subtitle: 'Share of the surface, Background excluded', fontSize: 16 },
    data: { name: DATASET },
    encoding: {
      y: {
        field: 'label',
        type: 'nominal',
        sort: null,
        title: null,
        axis: { labelFontSize: 13, labelLimit: 220 },
      },
      x: { field: 'percentage', type: 'quantitative', scale: { domain: [0, 100] }, title: '% of surface' },
    },
    layer: [
      {
        mark: { type: 'bar', cornerRadiusEnd: 3 },
        encoding: { color: { field: 'hex_color', type: 'nominal', scale: null } },
      },
      { mark: { type: 'text', align: 'left', dx: 5, fontSize: 13 }, encoding: { text: { field: 'value' } } },
    ],
  };
}

/** Compiled and parsed once per title (one per model version): only the data changes per image. */
const runtimes = new Map<string, vega.Runtime>();

function runtimeFor(title: string): vega.Runtime {
  let runtime = runtimes.get(title);
  if (!runtime) {
    runtime = vega.parse(compile(chartSpec(title)).spec);
    runtimes.set(title, runtime);
  }
  return runtime;
}

/** The STAT image: a bar per counted class in its colour, with label and value, rendered server-side. */
export async function renderStatChart(percentages: LabelPercentage[], title: string): Promise<Buffer> {
  const rows = percentages.map((entry) => ({ ...entry, value: `${entry.percentage.toFixed(1)} %` }));
  const view = new vega.View(runtimeFor(title), { renderer: 'none' }).data(DATASET, rows);
  const svg = await view.toSVG();
  view.finalize();
  return sharp(Buffer.from(svg)).png().toBuffer();
}
