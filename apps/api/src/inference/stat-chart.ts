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

/**
 * One view per title (one per model version), built once and fed each image's rows: a new vega
 * View per chart costs the event loop (the API's, in the embedded mode) about three times as much as
 * swapping the data of a kept one. A view holds one dataset at a time, so the charts of one title
 * are drawn one after another (images in flight may finish together).
 */
const views = new Map<string, { view: vega.View; drawing: Promise<unknown> }>();

function chartSvg(title: string, rows: object[]): Promise<string> {
  let entry = views.get(title);
  if (!entry) {
    const view = new vega.View(vega.parse(compile(chartSpec(title)).spec), { renderer: 'none' });
    entry = { view, drawing: Promise.resolve() };
    views.set(title, entry);
  }
  const { view } = entry;
  // resize(): vega recomputes the autosized layout only when told to, so without it every chart
  // would keep the width of the first one this view drew (a longer value label would be cut off).
  const svg = entry.drawing.then(() => view.data(DATASET, rows).resize().toSVG());
  entry.drawing = svg.catch(() => undefined);
  return svg;
}

/** The STAT image: a bar per counted class in its colour, with label and value, rendered server-side. */
export async function renderStatChart(percentages: LabelPercentage[], title: string): Promise<Buffer> {
  const rows = percentages.map((entry) => ({ ...entry, value: `${entry.percentage.toFixed(1)} %` }));
  return sharp(Buffer.from(await chartSvg(title, rows)))
    .png()
    .toBuffer();
}
