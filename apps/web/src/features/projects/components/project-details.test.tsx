import type { Project } from '@hullscope/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { ProjectDetails } from './project-details';

const stamp = '2026-05-01T10:00:00.000Z';
const project: Project = {
  id: 5,
  name: 'Baltic Trader spring survey',
  location: 'Bergen anchorage',
  description: 'Before the dry dock.',
  owner: 1,
  created_at: stamp,
  updated_at: stamp,
  vessel: 3,
  inspection_date: '2026-03-14',
  inspection_method: 'rov',
  inspector: 'Subsea Survey AS',
  visibility: 'moderate',
};

describe('the project details on the projects page (issue 45 §5)', () => {
  it('start as one line, open with their toggle and stay open for the session', async () => {
    const user = userEvent.setup();
    const first = renderWithApp(<ProjectDetails project={project} vesselName="MV Nordstern" />);
    const section = screen.getByRole('region', { name: 'Baltic Trader spring survey' });
    const toggle = within(section).getByRole('button', { name: 'Inspection details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(section).getByTestId('project-details-summary')).toHaveTextContent(
      'Bergen anchorage · MV Nordstern · 2026-03-14 · ROV (remotely operated vehicle)',
    );
    expect(within(section).queryByText('Inspector')).not.toBeInTheDocument();
    expect(within(section).queryByText('Subsea Survey AS')).not.toBeInTheDocument();
    expect(within(section).queryByText('Before the dry dock.')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(section).getByText('Inspector')).toBeVisible();
    expect(within(section).getByText('Subsea Survey AS')).toBeVisible();
    expect(within(section).getByText('Moderate')).toBeVisible();
    expect(within(section).getByText('Before the dry dock.')).toBeVisible();

    // Another project (or a return to the page) opens as the user left it.
    first.unmount();
    renderWithApp(<ProjectDetails project={{ ...project, id: 6 }} vesselName="MV Nordstern" />);
    const again = screen.getByRole('button', { name: 'Inspection details' });
    expect(again).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Subsea Survey AS')).toBeVisible();
    await user.click(again);
    expect(again).toHaveAttribute('aria-expanded', 'false');
  });
});
