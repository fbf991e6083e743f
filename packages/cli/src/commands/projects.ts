import type { HullscopeClient } from '@hullscope/client';

/** The organisation's projects, one a line (tab-separated: id, name, location, inspection date), or JSON. */
export async function listProjects(client: HullscopeClient, options: { json?: boolean }): Promise<void> {
  const projects = await client.listProjects();
  if (options.json) {
    process.stdout.write(`${JSON.stringify(projects, null, 2)}\n`);
    return;
  }
  if (projects.length === 0) {
    process.stdout.write('No projects yet.\n');
    return;
  }
  process.stdout.write('ID\tNAME\tLOCATION\tINSPECTED\n');
  for (const project of projects) {
    const inspected = project.inspection_date ?? '';
    process.stdout.write(`${project.id}\t${project.name}\t${project.location}\t${inspected}\n`);
  }
}
