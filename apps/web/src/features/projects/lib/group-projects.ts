import type { Project } from '@hullscope/contract';

export interface ProjectGroup {
  /** The vessel's name, or null for the projects that name none. */
  vessel: string | null;
  projects: Project[];
}

/** Newest inspection first; undated projects after the dated ones, then by name. */
function byDate(a: Project, b: Project): number {
  const dateA = a.inspection_date ?? '';
  const dateB = b.inspection_date ?? '';
  if (dateA !== dateB) return dateA < dateB ? 1 : -1;
  return a.name.localeCompare(b.name);
}

/**
 * The project select's groups (issue 45 §6): one per vessel by name, the projects without a vessel
 * last, each group newest inspection first, so a fleet's long list reads as vessels and dates.
 */
export function groupProjects(
  projects: readonly Project[],
  vesselNames: ReadonlyMap<number, string>,
): ProjectGroup[] {
  const groups = new Map<string | null, Project[]>();
  for (const project of projects) {
    const vessel =
      project.vessel === null || project.vessel === undefined
        ? null
        : (vesselNames.get(project.vessel) ?? `Vessel ${project.vessel}`);
    groups.set(vessel, [...(groups.get(vessel) ?? []), project]);
  }
  return [...groups.entries()]
    .map(([vessel, members]) => ({ vessel, projects: members.sort(byDate) }))
    .sort((a, b) => {
      if (a.vessel === null || b.vessel === null) return a.vessel === null ? 1 : -1;
      return a.vessel.localeCompare(b.vessel);
    });
}
