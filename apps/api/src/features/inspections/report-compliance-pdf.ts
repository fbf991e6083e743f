import {
  AREA_KINDS,
  type AreaKind,
  HULL_PLAN_COLOURS,
  type HullPlan,
  IMO_RATING_COLOURS,
  type InspectionArea,
  type InspectionReport,
  PLAN_PIN_COLOURS,
  type PlanPin,
  areaKindOf,
  hullZoneLabels,
  planFill,
} from '@hullscope/contract';
import {
  CONTENT_WIDTH,
  type Doc,
  GREY,
  PAGE,
  bullets,
  ensureSpace,
  facts,
  heading,
  paragraph,
} from './report-layout.js';

const KIND_LABELS: Record<AreaKind, string> = { hull_zone: 'Hull zone', niche: 'Niche area' };
const SMALL = { role: 'regular', size: 8.5 } as const;

/** One view of the plan, scaled to the page's width, its marks' text drawn unscaled so it stays legible. */
function planView(
  doc: Doc,
  view: NonNullable<InspectionReport['hull_plan']>['views'][number],
  areas: Map<string, InspectionArea>,
  pins: readonly PlanPin[],
) {
  const factor = CONTENT_WIDTH / view.width;
  ensureSpace(doc, view.height * factor + 24);
  doc.font('bold').fontSize(10).fillColor('black').text(view.title, PAGE.margin, doc.y);
  const top = doc.y + 2;
  doc.save().translate(PAGE.margin, top).scale(factor);
  doc.lineWidth(0.6 / factor);
  doc.path(view.outline).fillAndStroke(HULL_PLAN_COLOURS.hull, HULL_PLAN_COLOURS.outline);
  for (const shape of view.shapes) {
    const fill = planFill(shape.kind, areas.get(shape.hull_zone), IMO_RATING_COLOURS);
    doc.path(shape.path).fillAndStroke(fill, HULL_PLAN_COLOURS.outline);
  }
  doc.dash(3 / factor, { space: 2 / factor });
  for (const mark of view.marks) if (mark.path) doc.path(mark.path).stroke('#1565c0');
  doc.undash().restore();
  doc.font('regular').fontSize(7).fillColor('#1565c0');
  for (const mark of view.marks) {
    doc.text(mark.text, PAGE.margin + mark.x * factor - 90, top + mark.y * factor - 7, {
      width: 180,
      align: 'center',
      lineBreak: false,
    });
  }
  for (const pin of pins) {
    const [x, y] = [PAGE.margin + pin.x * factor, top + pin.y * factor];
    doc
      .save()
      .circle(x, y, PIN_RADIUS)
      .lineWidth(0.8)
      .fillAndStroke(PLAN_PIN_COLOURS[pin.placement], '#ffffff')
      .restore();
    doc.font('bold').fontSize(5.5).fillColor('#ffffff');
    doc.text(String(pin.number), x - 10, y - 2.6, { width: 20, align: 'center', lineBreak: false });
  }
  doc.fillColor('black');
  doc.x = PAGE.margin;
  doc.y = top + view.height * factor + 6;
}

const PIN_RADIUS = 4.5;
export const PIN_LEGEND_LINES = 200;
const VIEW_TITLES = { port: 'Port side', starboard: 'Starboard side', bottom: 'Bottom' } as const;
const PLACEMENT_TEXT = { dragged: 'placed by hand', interpolated: 'interpolated' } as const;

/** Metres to a tenth, without trailing zeros. */
const metres = (value: number) => `${Math.round(value * 10) / 10} m`;

/** Where a pin is on the ship, in words: its view, metres from the aft perpendicular, and across. */
export function pinPlaceText(pin: PlanPin): string {
  const across =
    pin.view === 'bottom'
      ? pin.across_m === 0
        ? 'on the centreline'
        : `${metres(Math.abs(pin.across_m))} to ${pin.across_m > 0 ? 'port' : 'starboard'} of the centreline`
      : `${metres(pin.across_m)} above the keel`;
  const how =
    pin.placement === 'zone'
      ? `by zone: ${pin.hull_zone ? hullZoneLabels[pin.hull_zone] : 'none'}`
      : PLACEMENT_TEXT[pin.placement];
  return `${VIEW_TITLES[pin.view]}, ${metres(pin.from_aft_m)} from the aft perpendicular, ${across} (${how})`;
}

/**
 * The pins' key as lines: each number with its photo's name and place, at most PIN_LEGEND_LINES of
 * them (a survey of thousands of video frames keeps its legend to a few pages; the JSON has every
 * pin); then the photos not on the plan.
 */
export function pinLegendLines(pins: NonNullable<InspectionReport['plan_pins']>): string[] {
  const lines = pins.pins
    .slice(0, PIN_LEGEND_LINES)
    .map((pin) => `${pin.number}  ${pin.image_name}: ${pinPlaceText(pin)}`);
  const more = pins.pins.length - PIN_LEGEND_LINES;
  if (more > 0)
    lines.push(
      `… and ${more} more photos on the plan (pins ${PIN_LEGEND_LINES + 1} to ${pins.pins.length}): the report's JSON lists every pin with its place.`,
    );
  if (pins.unplaced.length > 0) {
    const shown = pins.unplaced.slice(0, PIN_LEGEND_LINES).map((image) => image.image_name);
    const left = pins.unplaced.length - shown.length;
    const names = shown.join(', ') + (left > 0 ? ` and ${left} more` : '');
    lines.push(`Not on the plan: ${names} (no zone, and not placed by hand).`);
  }
  return lines;
}

function pinLegend(doc: Doc, pins: NonNullable<InspectionReport['plan_pins']>): void {
  if (pins.pins.length === 0 && pins.unplaced.length === 0) return;
  ensureSpace(doc, 40);
  doc
    .font('bold')
    .fontSize(10)
    .fillColor('black')
    .text('Photos on the plan', PAGE.margin, doc.y + 4);
  for (const line of pinLegendLines(pins)) paragraph(doc, line, SMALL, PAGE.margin, CONTENT_WIDTH);
}

/**
 * The plan's legend: a swatch per kind and state, then the vessel's areas by kind; then the drawn
 * plan's assumptions, left out under the GA drawing, which they do not describe.
 */
function legend(doc: Doc, plan: HullPlan, { drawnPlan = true, rated = true } = {}): void {
  ensureSpace(doc, 60);
  doc.font('bold').fontSize(10).text('Legend', PAGE.margin, doc.y);
  const swatches: [string, string][] = rated
    ? [
        [HULL_PLAN_COLOURS.hull_zone, 'Hull zone (not rated)'],
        [HULL_PLAN_COLOURS.niche, 'Niche area (not rated)'],
        [HULL_PLAN_COLOURS.not_inspected, 'Not inspected'],
        ...IMO_RATING_COLOURS.map((colour, value): [string, string] => [
          colour.background,
          `Rating ${value}`,
        ]),
      ]
    : [
        [HULL_PLAN_COLOURS.hull_zone, 'Hull zone'],
        [HULL_PLAN_COLOURS.niche, 'Niche area'],
      ];
  let x = PAGE.margin;
  let y = doc.y + 2;
  doc.font('regular').fontSize(8);
  for (const [colour, text] of swatches) {
    const width = doc.widthOfString(text) + 22;
    if (x + width > PAGE.margin + CONTENT_WIDTH) {
      x = PAGE.margin;
      y += 14;
    }
    doc.save().rect(x, y, 10, 10).fillAndStroke(colour, HULL_PLAN_COLOURS.outline).restore();
    doc.fillColor('black').text(text, x + 13, y + 1, { lineBreak: false });
    x += width;
  }
  doc.x = PAGE.margin;
  doc.y = y + 16;
  for (const kind of AREA_KINDS) {
    const names = plan.legend.filter((entry) => entry.kind === kind).map((entry) => entry.label);
    if (names.length > 0)
      paragraph(doc, `${KIND_LABELS[kind]}s: ${names.join(', ')}`, SMALL, PAGE.margin, CONTENT_WIDTH);
  }
  doc.fillColor(GREY);
  if (drawnPlan) for (const note of plan.assumptions) paragraph(doc, note, SMALL, PAGE.margin, CONTENT_WIDTH);
  doc.fillColor('black');
}

/**
 * The vessel's own GA drawing, scaled to the page (at most GA_MAX_HEIGHT tall), each placed zone a
 * rectangle coloured as the drawn plan colours it, with the count of the zone's photos at its centre.
 */
function gaDrawingFigure(
  doc: Doc,
  drawing: NonNullable<InspectionReport['ga_drawing']>,
  image: Buffer,
  areas: Map<string, InspectionArea>,
  pins: readonly PlanPin[],
) {
  const factor = Math.min(CONTENT_WIDTH / drawing.width, GA_MAX_HEIGHT / drawing.height);
  ensureSpace(doc, drawing.height * factor + 24);
  doc.font('bold').fontSize(10).fillColor('black').text("The ship's GA drawing", PAGE.margin, doc.y);
  const top = doc.y + 2;
  const at = (x: number, y: number) => [PAGE.margin + x * factor, top + y * factor] as const;
  doc.image(image, PAGE.margin, top, { width: drawing.width * factor, height: drawing.height * factor });
  for (const zone of drawing.zones) {
    const [x, y] = at(zone.x, zone.y);
    const fill = planFill(areaKindOf(zone.hull_zone), areas.get(zone.hull_zone), IMO_RATING_COLOURS);
    doc
      .save()
      .rect(x, y, zone.width * factor, zone.height * factor)
      .lineWidth(0.8)
      .fillOpacity(0.45)
      .fillAndStroke(fill, HULL_PLAN_COLOURS.outline)
      .restore();
    const photos = pins.filter((pin) => pin.hull_zone === zone.hull_zone).length;
    const [cx, cy] = at(zone.x + zone.width / 2, zone.y + zone.height / 2);
    doc.font('regular').fontSize(6.5).fillColor('black');
    doc.text(hullZoneLabels[zone.hull_zone], cx - 50, cy - 11, {
      width: 100,
      align: 'center',
      lineBreak: false,
    });
    if (photos > 0) {
      doc
        .save()
        .circle(cx, cy + 4, PIN_RADIUS + 1)
        .lineWidth(0.8)
        .fillAndStroke(PLAN_PIN_COLOURS.zone, '#ffffff')
        .restore();
      doc.font('bold').fontSize(5.5).fillColor('#ffffff');
      doc.text(String(photos), cx - 10, cy + 1.4, { width: 20, align: 'center', lineBreak: false });
    }
  }
  doc.fillColor('black');
  doc.x = PAGE.margin;
  doc.y = top + drawing.height * factor + 6;
  const unplaced = drawing.zones.length === 0 ? 'No zone is placed on it yet.' : '';
  paragraph(
    doc,
    `Zones as placed on the drawing, coloured by rating; the number in a zone is how many of its photos this inspection holds (their list follows). ${unplaced}`.trim(),
    SMALL,
    PAGE.margin,
    CONTENT_WIDTH,
  );
}

const GA_MAX_HEIGHT = 420;

export function hullPlanSection(doc: Doc, report: InspectionReport, gaImage: Buffer | null = null): void {
  if (!report.hull_plan) return;
  doc.addPage();
  heading(doc, 'Hull plan');
  const areas = new Map((report.checklist?.areas ?? []).map((area) => [area.hull_zone, area]));
  const pins = report.plan_pins?.pins ?? [];
  if (report.ga_drawing && gaImage) {
    gaDrawingFigure(doc, report.ga_drawing, gaImage, areas, pins);
    legend(doc, report.hull_plan, { drawnPlan: false });
    if (report.plan_pins) pinLegend(doc, report.plan_pins);
    return;
  }
  for (const view of report.hull_plan.views) {
    planView(
      doc,
      view,
      areas,
      pins.filter((pin) => pin.view === view.view),
    );
  }
  legend(doc, report.hull_plan);
  if (report.plan_pins) pinLegend(doc, report.plan_pins);
}

/**
 * The vessel's diagram as the Record Book asks for it: the underwater hull form in side and bottom
 * views with its niche areas, no inspection's ratings on it.
 */
export function vesselPlanSection(doc: Doc, plan: HullPlan): void {
  doc.addPage();
  heading(doc, 'Hull plan: underwater hull form and niche areas');
  for (const view of plan.views) planView(doc, view, new Map(), []);
  legend(doc, plan, { rated: false });
}

function statusText(area: InspectionArea): string {
  if (area.status === 'not_inspected')
    return `Not inspected: ${area.not_inspected_reason_label ?? 'no reason'}`;
  if (area.status === 'inspected') return area.status_from_photos ? 'Inspected (photos)' : 'Inspected';
  return 'Not recorded';
}

function ratingText(area: InspectionArea): string {
  if (!area.rating) return 'not rated';
  const source = area.rating.source === 'inspector' ? ', entered by the inspector' : ', from photos';
  return `rating ${area.rating.value} (${area.rating.label}${source})`;
}

/**
 * The areas decided, each with its status, rating, coating and notes; then the areas not inspected,
 * those left undecided named in one line.
 */
export function checklistSection(doc: Doc, report: InspectionReport): void {
  const checklist = report.checklist;
  if (!checklist) return;
  heading(doc, 'Areas inspected and not inspected');
  const body = { role: 'regular', size: 9 } as const;
  for (const area of checklist.areas.filter((entry) => entry.status !== null)) {
    const parts = [
      statusText(area),
      ratingText(area),
      `antifouling ${area.antifouling_condition_label.toLowerCase()}`,
    ];
    const notes = area.notes ? ` Notes: ${area.notes}` : '';
    paragraph(doc, `${area.zone_label}: ${parts.join('; ')}.${notes}`, body, PAGE.margin, CONTENT_WIDTH);
    doc.moveDown(0.15);
  }
  const notInspected = report.areas_not_inspected ?? [];
  const undecided = checklist.areas.filter((area) => area.status === null).map((area) => area.zone_label);
  doc.moveDown(0.4);
  ensureSpace(doc, 40);
  doc.font('bold').fontSize(11).text('Areas not inspected', PAGE.margin, doc.y);
  doc.moveDown(0.2);
  if (notInspected.length === 0 && undecided.length === 0) {
    paragraph(doc, 'None: every area was inspected.', body, PAGE.margin, CONTENT_WIDTH);
  }
  bullets(
    doc,
    notInspected.map(
      (area) =>
        `${area.zone_label}: ${area.reason_label ?? 'no reason given'}${area.notes ? ` (${area.notes})` : ''}`,
    ),
  );
  if (undecided.length > 0) {
    paragraph(
      doc,
      `Not recorded (neither inspected nor marked not inspected): ${undecided.join(', ')}.`,
      body,
      PAGE.margin,
      CONTENT_WIDTH,
    );
  }
}

/** The actions the rules gave, most urgent first, each with the rule that fired; then the due date. */
export function actionsSection(doc: Doc, report: InspectionReport): void {
  const checklist = report.checklist;
  if (!checklist) return;
  heading(doc, 'Actions');
  if (checklist.actions.length === 0) {
    paragraph(
      doc,
      'No rule fired: no action is needed.',
      { role: 'regular', size: 9.5 },
      PAGE.margin,
      CONTENT_WIDTH,
    );
  }
  bullets(
    doc,
    checklist.actions.map(
      (action) =>
        `${action.urgency_label}: ${action.action}. Areas: ${action.areas.join(', ')}. Rule: ${action.rule}` +
        `${action.basis ? ` (${action.basis})` : ''}.`,
    ),
  );
  const next = checklist.next_inspection;
  facts(doc, [
    ['Next inspection due', next.due_date ? `${next.due_date}: ${next.basis}` : next.basis],
    ['Contingency', next.contingency ?? 'None'],
  ]);
}

const percent = (value: number) => `${value.toFixed(1)} %`;

/** The fuel penalty estimate, its figure always beside its source, range and assumptions. */
export function fuelPenaltySection(doc: Doc, report: InspectionReport): void {
  const fuel = report.fuel_penalty;
  if (!fuel) return;
  heading(doc, `Fuel penalty (${fuel.label.toLowerCase()})`);
  const power = fuel.added_shaft_power_percent;
  const figure = power
    ? `${fuel.label}: about ${percent(power.central)} more shaft power (range ${percent(power.low)} to ${percent(power.high)}) ` +
      `than the same hull clean and newly coated, at ${fuel.reference_speed.toLowerCase()}.`
    : `${fuel.label}: not possible, no photo was rated.`;
  paragraph(doc, figure, { role: 'bold', size: 10 }, PAGE.margin, CONTENT_WIDTH);
  doc.moveDown(0.3);
  const coverage = fuel.coverage;
  facts(doc, [
    [
      'Pooled coverage',
      coverage
        ? `macrofouling ${percent(coverage.macrofouling_percentage)}, microfouling ${percent(coverage.microfouling_percentage)}, clean ${percent(coverage.clean_percentage)}`
        : null,
    ],
    ['Source', `${fuel.source.citation}. doi:${fuel.source.doi}. ${fuel.source.table}.`],
    ['Method', fuel.method],
    ['Uncertainty', fuel.uncertainty],
  ]);
  doc.font('bold').fontSize(10).fillColor(GREY).text('Assumptions', PAGE.margin, doc.y).fillColor('black');
  bullets(doc, fuel.assumptions);
}
