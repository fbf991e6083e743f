import {
  AREA_KINDS,
  type AreaKind,
  HULL_PLAN_COLOURS,
  type HullPlan,
  type HullZone,
  IMO_RATING_COLOURS,
  hullZoneLabels,
  planFill,
} from '@hullscope/contract';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** What a plan shows of an area: inspected or not, and its rating (an inspection's checklist). */
export interface PlanAreaState {
  status: 'inspected' | 'not_inspected' | null;
  rating: { value: number } | null;
}

/** A photo pinned on the plan inside its zone; choosing it opens the photo. */
export interface PlanPin {
  key: number;
  zone: HullZone;
  label: string;
  onOpen: () => void;
}

const KIND_LABELS: Record<AreaKind, string> = { hull_zone: 'Hull zone', niche: 'Niche area' };
/** Pins side by side around a zone's anchor, this many drawing units apart; more are counted. */
const PIN_SPACING = 16;
const PINS_PER_ZONE = 7;

/** Each zone's pins go to the first view that draws the zone, around its first shape's anchor. */
function pinsOf(view: HullPlan['views'][number], pins: PlanPin[], placed: Set<HullZone>) {
  const byZone = new Map<HullZone, PlanPin[]>();
  for (const pin of pins) {
    if (placed.has(pin.zone)) continue;
    byZone.set(pin.zone, [...(byZone.get(pin.zone) ?? []), pin]);
  }
  const drawn: { pin: PlanPin; x: number; y: number }[] = [];
  const more: { zone: HullZone; count: number; x: number; y: number }[] = [];
  for (const [zone, zonePins] of byZone) {
    const anchor = view.shapes.find((shape) => shape.hull_zone === zone && shape.anchor)?.anchor;
    if (!anchor) continue;
    placed.add(zone);
    const shown = zonePins.slice(0, PINS_PER_ZONE);
    shown.forEach((pin, index) =>
      drawn.push({ pin, x: anchor.x + (index - (shown.length - 1) / 2) * PIN_SPACING, y: anchor.y }),
    );
    if (zonePins.length > shown.length) {
      more.push({ zone, count: zonePins.length - shown.length, x: anchor.x, y: anchor.y + PIN_SPACING });
    }
  }
  return { drawn, more };
}

function Swatch({ colour, label }: { colour: string; label: string }) {
  return (
    <Stack direction="row" spacing={0.75} alignItems="center">
      <Box
        sx={{ width: 14, height: 14, bgcolor: colour, border: 1, borderColor: HULL_PLAN_COLOURS.outline }}
      />
      <Typography variant="body2">{label}</Typography>
    </Stack>
  );
}

/**
 * The drawn hull plan (issue 40 §1): each view as SVG, zones under niches, each shape titled with
 * its area so a pointer (or a screen reader) names it; coloured by an inspection's states when given.
 */
export function HullPlanDrawing({
  plan,
  areas,
  pins = [],
}: {
  plan: HullPlan;
  areas?: Partial<Record<HullZone, PlanAreaState>>;
  pins?: PlanPin[];
}) {
  const placed = new Set<HullZone>();
  return (
    <Stack spacing={2}>
      {plan.views.map((view) => {
        const { drawn, more } = pinsOf(view, pins, placed);
        return (
          <Box key={view.view} component="figure" sx={{ m: 0 }}>
            <Typography component="figcaption" variant="subtitle2">
              {view.title}
            </Typography>
            <svg
              viewBox={`0 0 ${view.width} ${view.height}`}
              role="img"
              aria-label={`Hull plan: ${view.title}`}
              style={{ width: '100%', height: 'auto', display: 'block' }}
            >
              <path d={view.outline} fill={HULL_PLAN_COLOURS.hull} stroke={HULL_PLAN_COLOURS.outline} />
              {view.shapes.map((shape, index) => (
                <path
                  key={index}
                  d={shape.path}
                  data-zone={shape.hull_zone}
                  fill={planFill(shape.kind, areas?.[shape.hull_zone], IMO_RATING_COLOURS)}
                  stroke={HULL_PLAN_COLOURS.outline}
                  strokeWidth={0.8}
                >
                  <title>{hullZoneLabels[shape.hull_zone]}</title>
                </path>
              ))}
              {view.marks.map((mark, index) => (
                <g key={index} fill="#1565c0" stroke="#1565c0">
                  {mark.path && <path d={mark.path} strokeDasharray="4 3" fill="none" />}
                  <text x={mark.x} y={mark.y} textAnchor="middle" fontSize={12} stroke="none">
                    {mark.text}
                  </text>
                </g>
              ))}
              {drawn.map(({ pin, x, y }) => (
                <circle
                  key={pin.key}
                  cx={x}
                  cy={y}
                  r={6}
                  fill="#1565c0"
                  stroke="#ffffff"
                  strokeWidth={2}
                  role="button"
                  tabIndex={0}
                  aria-label={`Open photo ${pin.label}`}
                  style={{ cursor: 'pointer' }}
                  onClick={pin.onOpen}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') pin.onOpen();
                  }}
                >
                  <title>{pin.label}</title>
                </circle>
              ))}
              {more.map(({ zone, count, x, y }) => (
                <text key={zone} x={x} y={y + 4} textAnchor="middle" fontSize={11} fill="#1565c0">
                  +{count} more
                </text>
              ))}
            </svg>
          </Box>
        );
      })}
      <Box component="section" aria-label="Legend">
        <Typography variant="subtitle2" component="h3">
          Legend
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ my: 1 }}>
          <Swatch colour={HULL_PLAN_COLOURS.hull_zone} label="Hull zone" />
          <Swatch colour={HULL_PLAN_COLOURS.niche} label="Niche area" />
          {areas && <Swatch colour={HULL_PLAN_COLOURS.not_inspected} label="Not inspected" />}
          {areas &&
            IMO_RATING_COLOURS.map((colour, value) => (
              <Swatch key={value} colour={colour.background} label={`Rating ${value}`} />
            ))}
        </Stack>
        {AREA_KINDS.map((kind) => (
          <Typography key={kind} variant="body2">
            <strong>{KIND_LABELS[kind]}s:</strong>{' '}
            {plan.legend
              .filter((entry) => entry.kind === kind)
              .map((entry) => entry.label)
              .join(', ')}
          </Typography>
        ))}
        {plan.assumptions.map((note) => (
          <Typography key={note} variant="caption" color="text.secondary" component="p">
            {note}
          </Typography>
        ))}
      </Box>
    </Stack>
  );
}
