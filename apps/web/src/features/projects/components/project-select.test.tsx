import type { Project } from '@hullscope/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { ProjectSelect } from './project-select';

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

describe('the project select', () => {
  it('heads each vessel with its name and shows the inspection date beside the project', async () => {
    const onSelect = vi.fn();
    renderWithApp(
      <ProjectSelect
        projects={[
          project(1, 'Trials', null, null),
          project(2, 'Autumn survey', 7, '2025-10-11'),
          project(3, 'Spring survey', 7, '2026-03-02'),
        ]}
        vesselNames={new Map([[7, 'Nordic Star']])}
        selectedId={2}
        onSelect={onSelect}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Select a project' });
    expect(select).toHaveTextContent(/^Autumn survey$/);
    const user = userEvent.setup();
    await user.click(select);
    const listbox = await screen.findByRole('listbox');
    // MUI's select gives its headings the option role too (they cannot be chosen).
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nordic Star', 'Spring survey2026-03-02', 'Autumn survey2025-10-11', 'No vessel', 'Trials']);
    await user.click(within(listbox).getByRole('option', { name: /^Spring survey/ }));
    expect(onSelect).toHaveBeenCalledWith(3);
  });
});
