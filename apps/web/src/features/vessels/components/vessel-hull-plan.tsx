import type { Vessel } from '@hullscope/contract';
import Alert from '@mui/material/Alert';
import { HullPlanDrawing } from '@/components/ui/hull-plan-drawing';
import { SectionCard } from '@/components/ui/section-card';
import { reasonOf } from '@/lib/api-errors';
import { useHullPlan } from '../api/get-hull-plan';

/** The vessel's hull plan, drawn from its particulars (issue 40 §1). */
export function VesselHullPlan({ vessel }: { vessel: Vessel }) {
  const plan = useHullPlan(vessel.id, vessel.updated_at);
  return (
    <SectionCard title="Hull Plan">
      {plan.isError && (
        <Alert severity="error">The hull plan could not be drawn: {reasonOf(plan.error)}</Alert>
      )}
      {plan.data && <HullPlanDrawing plan={plan.data} />}
    </SectionCard>
  );
}
