import {
  type HullPlan,
  type HullPlanLegendEntry,
  type VesselParticulars,
  areaKindOf,
  hullZoneLabels,
} from '@hullscope/contract';
import { bottomView } from './bottom-view.js';
import { drawnParticulars, vesselAreas } from './drawn-particulars.js';
import { planScales } from './plan-frame.js';
import { sideView } from './side-view.js';

/**
 * The hull plan of a vessel (issue 40 §1): a schematic from its particulars, not its lines plan.
 * Lengths and breadths are to scale; side-view heights are exaggerated, and the plan says by how much.
 */
export function hullPlan(vesselId: number, particulars: VesselParticulars): HullPlan {
  const drawn = drawnParticulars(particulars);
  const scales = planScales(drawn.lengthM, drawn.draughtM);
  const legend: HullPlanLegendEntry[] = vesselAreas(drawn).map((zone) => ({
    hull_zone: zone,
    label: hullZoneLabels[zone],
    kind: areaKindOf(zone),
  }));
  const exaggeration = scales.verticalScale / scales.scale;
  const notes = [
    'Schematic: niche positions are the usual ones for a ship of this kind, not taken from its drawings.',
    ...(exaggeration > 1.05
      ? [`Side views: heights are drawn ${exaggeration.toFixed(1)} times their length scale.`]
      : []),
    ...drawn.assumptions,
  ];
  return {
    vessel: vesselId,
    scale: scales.scale,
    vertical_scale: scales.verticalScale,
    views: [sideView('port', drawn, scales), sideView('starboard', drawn, scales), bottomView(drawn, scales)],
    legend,
    assumptions: notes,
  };
}
