import type { JobDefinition } from './job-queue.js';

/** Every job name with exactly one definition; checked at start-up so a typo cannot strand jobs. */
export function createJobRegistry(
  definitions: JobDefinition<unknown>[],
): Map<string, JobDefinition<unknown>> {
  const registry = new Map<string, JobDefinition<unknown>>();
  for (const definition of definitions) {
    if (registry.has(definition.name)) throw new Error(`Job "${definition.name}" has more than one handler`);
    registry.set(definition.name, definition);
  }
  return registry;
}
