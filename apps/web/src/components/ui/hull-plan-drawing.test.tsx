import { type HullPlan, HULL_PLAN_COLOURS, IMO_RATING_COLOURS } from '@hullscope/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HullPlanDrawing, type PlanPin } from './hull-plan-drawing';
import { KEY_SETTLE_MS } from './plan-pin-marker';

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

  const pinAt = (overrides: Partial<PlanPin> = {}): PlanPin => ({
    key: 1,
    number: 1,
    view: 'port',
    x: 25,
    y: 25,
    label: 'chest-1.jpg',
    placement: 'zone',
    ...overrides,
  });
  // The drawing is shown half size: 600 × 200 units in 300 × 100 pixels, 10 px from the page's corner.
  const showHalfSize = (container: HTMLElement) => {
    const svg = container.querySelector('svg')!;
    svg.getBoundingClientRect = () => ({ left: 10, top: 10, width: 300, height: 100 }) as DOMRect;
  };

  it('draws each photo as a numbered pin at its point; a click opens its photo', async () => {
    const onOpen = vi.fn();
    render(
      <HullPlanDrawing
        plan={plan}
        pins={[
          pinAt({ onOpen }),
          pinAt({ key: 2, number: 2, x: 300, y: 120, label: 'side.jpg', placement: 'dragged' }),
        ]}
      />,
    );
    const first = screen.getByRole('button', { name: 'Photo 1: chest-1.jpg (placed by zone)' });
    expect(first).toHaveAttribute('transform', 'translate(25 25)');
    expect(first).toHaveTextContent('1');
    const second = screen.getByRole('button', { name: 'Photo 2: side.jpg (placed by hand)' });
    expect(second).toHaveAttribute('transform', 'translate(300 120)');
    expect(screen.getByRole('group', { name: 'Hull plan: Port side' })).toBeInTheDocument();
    await userEvent.click(first);
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('drags a pin: it follows the pointer and reports where it was let go, in drawing units', () => {
    const onMove = vi.fn();
    const onOpen = vi.fn();
    const { container } = render(<HullPlanDrawing plan={plan} pins={[pinAt({ onMove, onOpen })]} />);
    showHalfSize(container);
    const pin = screen.getByRole('button', { name: /Photo 1/ });
    fireEvent.pointerDown(pin, { pointerId: 1, clientX: 22, clientY: 22 });
    fireEvent.pointerMove(pin, { pointerId: 1, clientX: 110, clientY: 50 });
    expect(pin).toHaveAttribute('transform', 'translate(200 80)');
    fireEvent.pointerUp(pin, { pointerId: 1, clientX: 110, clientY: 50 });
    expect(onMove).toHaveBeenCalledWith(200, 80);
    expect(onOpen).not.toHaveBeenCalled();
    // Until the new position comes back, the pin is drawn where it was.
    expect(pin).toHaveAttribute('transform', 'translate(25 25)');
  });

  it('moves a focused pin with the arrow keys, five units a press and five times that with Shift, sent once the keys rest', async () => {
    const onMove = vi.fn();
    const onSelect = vi.fn();
    render(<HullPlanDrawing plan={plan} pins={[pinAt({ onMove, onSelect })]} />);
    const user = userEvent.setup();
    await user.tab();
    const pin = screen.getByRole('button', { name: /Photo 1/ });
    expect(pin).toHaveFocus();
    expect(onSelect).toHaveBeenCalled();
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    // The presses add up on the pin at once; the server hears of them once, where they ended.
    expect(pin).toHaveAttribute('transform', 'translate(30 0)');
    expect(onMove).not.toHaveBeenCalled();
    await waitFor(() => expect(onMove).toHaveBeenCalledTimes(1), { timeout: KEY_SETTLE_MS * 5 });
    expect(onMove).toHaveBeenCalledWith(30, 0);
  });

  it("sends the keys' move at once when the pin loses the focus", async () => {
    const onMove = vi.fn();
    render(<HullPlanDrawing plan={plan} pins={[pinAt({ onMove })]} />);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(onMove).toHaveBeenCalledTimes(1);
    expect(onMove).toHaveBeenCalledWith(25, 30);
  });

  it('leaves a pin without a move where it is: a drag of it opens nothing and moves nothing', () => {
    const onOpen = vi.fn();
    const { container } = render(<HullPlanDrawing plan={plan} pins={[pinAt({ onOpen })]} />);
    showHalfSize(container);
    const pin = screen.getByRole('button', { name: /Photo 1/ });
    fireEvent.pointerDown(pin, { pointerId: 1, clientX: 22, clientY: 22 });
    fireEvent.pointerMove(pin, { pointerId: 1, clientX: 110, clientY: 50 });
    expect(pin).toHaveAttribute('transform', 'translate(25 25)');
  });
});
