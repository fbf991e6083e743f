import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImageChecklist } from './image-checklist';

const frame = 'hull-pass-2026-03-14T09-12-55-port-side-00:41.250.jpg';

function renderChecklist() {
  render(
    <ImageChecklist
      thumbnails={[{ id: 1, image_name: frame }]}
      selected={new Set()}
      open
      onToggleOpen={() => undefined}
      onChange={() => undefined}
    />,
  );
}

describe("the schedule dialog's image checklist (issue 45 §8)", () => {
  it('cuts a long frame name in the middle, so its time stamp and extension always show', () => {
    renderChecklist();
    const end = screen.getByText('-00:41.250.jpg');
    expect(end).toHaveStyle({ flexShrink: '0', whiteSpace: 'nowrap' });
    const start = screen.getByText('hull-pass-2026-03-14T09-12-55-port-side');
    expect(start).toHaveStyle({ overflow: 'hidden', textOverflow: 'ellipsis' });
  });

  it('keeps the whole name in the title and in the checkbox name', () => {
    renderChecklist();
    expect(screen.getByTitle(frame)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: frame })).toBeInTheDocument();
  });
});
