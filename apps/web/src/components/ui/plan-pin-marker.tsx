import { type HullPlanViewName, PLAN_PIN_COLOURS, type PlanPlacement } from '@hullscope/contract';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';

/** A photo drawn on the plan, at a point of one view in drawing units. */
export interface PlanPin {
  key: number;
  number: number;
  view: HullPlanViewName;
  x: number;
  y: number;
  label: string;
  placement: PlanPlacement;
  /** Opens the photo; absent when it has nothing to show (no prediction yet). */
  onOpen?: () => void;
  /** Moves the pin to a point of its view; absent where pins cannot be moved. */
  onMove?: (x: number, y: number) => void;
  /** The pin got the keyboard focus: a form may show its position. */
  onSelect?: () => void;
}

export const PIN_COLOURS = PLAN_PIN_COLOURS;
const PLACEMENT_WORDS: Record<PlanPlacement, string> = {
  zone: 'placed by zone',
  dragged: 'placed by hand',
  interpolated: 'interpolated',
};
/** Drawing units: a plan is about 1,100 units wide, so a pin stays legible at half size. */
const PIN_RADIUS = 11;
/** A pointer that moves less than this (drawing units) clicks rather than drags. */
const DRAG_THRESHOLD = 3;
/** How far an arrow key moves a pin, in drawing units; with Shift five times as far. */
export const KEY_STEP = 5;
/** Arrow presses in a row add up on the pin and go to the server once the keys rest this long (ms). */
export const KEY_SETTLE_MS = 300;
const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * One numbered pin: a click or Enter opens its photo; dragging it, or the arrow keys while it has
 * the focus, moves it (a run of key presses is sent as one move). `toDrawing` turns a pointer's page position into the view's units.
 */
export function PlanPinMarker({
  pin,
  toDrawing,
  scale = 1,
}: {
  pin: PlanPin;
  toDrawing: (clientX: number, clientY: number) => { x: number; y: number };
  /** Draws the pin larger on a drawing of more units than the plan's (a GA drawing's pixels). */
  scale?: number;
}) {
  // The ref follows every pointer event at once; the state redraws the pin while it is dragged.
  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const [dragged, setDragged] = useState<{ x: number; y: number } | null>(null);
  // Where the arrow keys have put the pin, kept until the server's answer moves it there.
  const [keyed, setKeyed] = useState<{ x: number; y: number } | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const x = dragged?.x ?? keyed?.x ?? pin.x;
  const y = dragged?.y ?? keyed?.y ?? pin.y;

  // A new position from the server (or the same one, refused) replaces what the keys drew.
  useEffect(() => {
    if (!settle.current) setKeyed(null);
  }, [pin.x, pin.y]);
  useEffect(() => () => clearTimeout(settle.current ?? undefined), []);

  const sendKeyed = (point: { x: number; y: number }) => {
    clearTimeout(settle.current ?? undefined);
    settle.current = null;
    pin.onMove?.(point.x, point.y);
  };

  const onPointerDown = (event: PointerEvent<SVGGElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { x: pin.x, y: pin.y, moved: false };
  };
  const onPointerMove = (event: PointerEvent<SVGGElement>) => {
    if (!drag.current || !pin.onMove) return;
    const point = toDrawing(event.clientX, event.clientY);
    const moved = drag.current.moved || Math.hypot(point.x - pin.x, point.y - pin.y) > DRAG_THRESHOLD;
    drag.current = { ...point, moved };
    if (moved) setDragged(point);
  };
  const onPointerUp = () => {
    const ended = drag.current;
    drag.current = null;
    setDragged(null);
    if (!ended) return;
    if (ended.moved) pin.onMove?.(ended.x, ended.y);
    else pin.onOpen?.();
  };
  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pin.onOpen?.();
      return;
    }
    const arrow = ARROWS[event.key];
    if (!arrow || !pin.onMove) return;
    event.preventDefault();
    const step = event.shiftKey ? KEY_STEP * 5 : KEY_STEP;
    const point = { x: x + arrow[0] * step, y: y + arrow[1] * step };
    setKeyed(point);
    clearTimeout(settle.current ?? undefined);
    settle.current = setTimeout(() => sendKeyed(point), KEY_SETTLE_MS);
  };
  const onBlur = () => {
    if (settle.current && keyed) sendKeyed(keyed);
  };

  return (
    <g
      role="button"
      tabIndex={0}
      aria-label={`Photo ${pin.number}: ${pin.label} (${PLACEMENT_WORDS[pin.placement]})`}
      data-pin={pin.number}
      transform={scale === 1 ? `translate(${x} ${y})` : `translate(${x} ${y}) scale(${scale})`}
      style={{ cursor: pin.onMove ? 'grab' : 'pointer', touchAction: 'none' }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        drag.current = null;
        setDragged(null);
      }}
      onKeyDown={onKeyDown}
      onFocus={pin.onSelect}
      onBlur={onBlur}
    >
      <title>{pin.label}</title>
      <circle r={PIN_RADIUS} fill={PIN_COLOURS[pin.placement]} stroke="#ffffff" strokeWidth={2} />
      <text
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={pin.number > 99 ? 8 : 11}
        fill="#ffffff"
        style={{ pointerEvents: 'none', userSelect: 'none' }}
      >
        {pin.number}
      </text>
    </g>
  );
}
