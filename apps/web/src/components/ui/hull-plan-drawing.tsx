import {
  AREA_KINDS,
  type AreaKind,
  HULL_PLAN_COLOURS,
  type HullPlan,
  type HullPlanView,
  type HullZone,
  IMO_RATING_COLOURS,
  hullZoneLabels,
  planFill,
} from '@hullscope/contract';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { PIN_COLOURS, type PlanPin, PlanPinMarker } from './plan-pin-marker';

export type { PlanPin } from './plan-pin-marker';

/** What a plan shows of an area: inspected or not, and its rating (an inspection's checklist). */
export interface PlanAreaState {
  status: 'inspected' | 'not_inspected' | null;
  rating: { value: number } | null;
}

const KIND_LABELS: Record<AreaKind, string> = { hull_zone: 'Hull zone', niche: 'Niche area' };

/** One view as SVG: outline, zones under niches, marks, then the photos' pins over everything. */
function PlanViewFigure({
  view,
  areas,
  pins,
}: {
  view: HullPlanView;
  areas?: Partial<Record<HullZone, PlanAreaState>>;
  pins: PlanPin[];
}) {
  const svg = useRef<SVGSVGElement>(null);
  // The SVG keeps its aspect (width 100 %, height auto), so page pixels scale alike both ways.
  const toDrawing = (clientX: number, clientY: number) => {
    const box = svg.current?.getBoundingClientRect();
    if (!box || box.width === 0) return { x: 0, y: 0 };
    return {
      x: ((clientX - box.left) / box.width) * view.width,
      y: ((clientY - box.top) / box.height) * view.height,
    };
  };
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle2">
        {view.title}
      </Typography>
      <svg
        ref={svg}
        viewBox={`0 0 ${view.width} ${view.height}`}
        // An image until it holds pins, which are buttons: then a group, so they stay reachable.
        role={pins.length > 0 ? 'group' : 'img'}
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
        {pins.map((pin) => (
          <PlanPinMarker key={pin.key} pin={pin} toDrawing={toDrawing} />
        ))}
      </svg>
    </Box>
  );
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
  return (
    <Stack spacing={2}>
      {plan.views.map((view) => (
        <PlanViewFigure
          key={view.view}
          view={view}
          areas={areas}
          pins={pins.filter((pin) => pin.view === view.view)}
        />
      ))}
      <Box component="section" aria-label="Legend">
        <Typography variant="subtitle2" component="h3">
          Legend
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ my: 1 }}>
          <Swatch colour={HULL_PLAN_COLOURS.hull_zone} label="Hull zone" />
          <Swatch colour={HULL_PLAN_COLOURS.niche} label="Niche area" />
          {pins.length > 0 && <Swatch colour={PIN_COLOURS.zone} label="Photo placed by zone" />}
          {pins.length > 0 && <Swatch colour={PIN_COLOURS.dragged} label="Photo placed by hand" />}
          {pins.length > 0 && <Swatch colour={PIN_COLOURS.interpolated} label="Video frame interpolated" />}
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
