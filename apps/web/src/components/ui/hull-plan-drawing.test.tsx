import { type HullPlan, HULL_PLAN_COLOURS, IMO_RATING_COLOURS } from '@hullscope/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HullPlanDrawing } from './hull-plan-drawing';

const plan: HullPlan = {
  vessel: 1,
  scale: 5,
  vertical_scale: 10,
  views: [
    {
      view: 'port',
      title: 'Port side',
      width: 600,
      height: 200,
      outline: 'M0 0 L600 0 L600 200 Z',
      shapes: [
        { hull_zone: 'vertical_side_port', kind: 'hull_zone', path: 'M10 10 L100 10 L100 50 Z' },
        { hull_zone: 'sea_chest', kind: 'niche', path: 'M20 20 L30 20 L30 30 Z', anchor: { x: 25, y: 25 } },
        { hull_zone: 'propeller', kind: 'niche', path: 'M40 20 L50 20 L50 30 Z' },
      ],
      marks: [{ text: 'Draft marks', x: 10, y: 190, path: 'M10 0 L10 180' }],
    },
  ],
  legend: [
    { hull_zone: 'vertical_side_port', label: 'Vertical side (port)', kind: 'hull_zone' },
    { hull_zone: 'sea_chest', label: 'Sea chest', kind: 'niche' },
    { hull_zone: 'propeller', label: 'Propeller', kind: 'niche' },
  ],
  assumptions: ['Length overall not given: drawn 100 m long.'],
};

const shapeOf = (container: HTMLElement, zone: string) =>
  container.querySelector(`path[data-zone="${zone}"]`)!;

describe('the hull plan drawing', () => {
  it('draws each view with its areas named, the legend by kind and the assumptions', () => {
    const { container } = render(<HullPlanDrawing plan={plan} />);
    expect(screen.getByRole('img', { name: 'Hull plan: Port side' })).toBeInTheDocument();
    expect(shapeOf(container, 'sea_chest').querySelector('title')?.textContent).toBe('Sea chest');
    expect(shapeOf(container, 'sea_chest')).toHaveAttribute('fill', HULL_PLAN_COLOURS.niche);
    expect(shapeOf(container, 'vertical_side_port')).toHaveAttribute('fill', HULL_PLAN_COLOURS.hull_zone);
    expect(screen.getByText('Niche areas:').parentElement).toHaveTextContent(
      'Niche areas: Sea chest, Propeller',
    );
    expect(screen.getByText('Length overall not given: drawn 100 m long.')).toBeInTheDocument();
    expect(screen.getByText('Draft marks')).toBeInTheDocument();
  });

  it("colours an inspection's areas: not inspected grey, rated in the rating's colour", () => {
    const { container } = render(
      <HullPlanDrawing
        plan={plan}

        areas={{
          sea_chest: { status: 'not_inspected', rating: null },
          propeller: { status: 'inspected', rating: { value: 3 } },
        }}
      />,
    );
    expect(shapeOf(container, 'sea_chest')).toHaveAttribute('fill', HULL_PLAN_COLOURS.not_inspected);
    expect(shapeOf(container, 'propeller')).toHaveAttribute('fill', IMO_RATING_COLOURS[3].background);
    expect(screen.getByText('Not inspected')).toBeInTheDocument();
  });

  it('pins photos inside their zone, each opening its photo; a zone without an anchor gets none', async () => {
    const onOpen = vi.fn();
    const { container } = render(
      <HullPlanDrawing
        plan={plan}
        pins={[
          { key: 1, zone: 'sea_chest', label: 'chest-1.jpg', onOpen },
          { key: 2, zone: 'sea_chest', label: 'chest-2.jpg', onOpen: () => undefined },
          { key: 3, zone: 'propeller', label: 'prop.jpg', onOpen: () => undefined },
        ]}
      />,
    );
    const pin = screen.getByRole('button', { name: 'Open photo chest-1.jpg' });
    // Two pins side by side around the anchor (25, 25).
    expect(Number(pin.getAttribute('cx')) + 16).toBe(
      Number(screen.getByRole('button', { name: 'Open photo chest-2.jpg' }).getAttribute('cx')),
    );
    expect(pin).toHaveAttribute('cy', '25');
    expect(screen.queryByRole('button', { name: 'Open photo prop.jpg' })).toBeNull();
    expect(container.querySelectorAll('circle')).toHaveLength(2);
    await userEvent.click(pin);
    expect(onOpen).toHaveBeenCalledOnce();
  });
});
