import type { Project } from '@hullscope/contract';
import { describe, expect, it } from 'vitest';
import { groupProjects } from './group-projects';

const project = (
  id: number,
  name: string,
  vessel: number | null,
  inspection_date: string | null,
): Project => ({
  id,
  name,
  location: 'Kiel',
  description: null,
  owner: 1,
  created_at: '2026-05-01T10:00:00.000Z',
  updated_at: '2026-05-01T10:00:00.000Z',
  vessel,
  inspection_date,
});

describe('the project select groups', () => {
  it('are vessels by name, the projects without one last, each newest inspection first', () => {
    const groups = groupProjects(
      [
        project(1, 'Trials', null, null),
        project(2, 'Spring survey', 7, '2026-03-02'),
        project(3, 'Autumn survey', 7, '2025-10-11'),
        project(4, 'Dry dock', 8, '2026-01-20'),
        project(5, 'Undated', 7, null),
        project(6, 'Old vessel', 9, null),
      ],
      new Map([
        [7, 'Nordic Star'],
        [8, 'Baltic Trader'],
      ]),
    );
    expect(groups.map((group) => [group.vessel, group.projects.map((member) => member.name)])).toEqual([
      ['Baltic Trader', ['Dry dock']],
      ['Nordic Star', ['Spring survey', 'Autumn survey', 'Undated']],
      ['Vessel 9', ['Old vessel']],
      [null, ['Trials']],
    ]);
  });
});
