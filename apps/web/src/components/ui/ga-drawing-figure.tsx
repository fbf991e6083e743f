import { type GaDrawingZone, type HullZone, areaKindOf, hullZoneLabels, planFill } from '@hullscope/contract';
import Box from '@mui/material/Box';
import { Children, type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';

/** A rectangle being dragged, in drawing pixels. */
export type DraftRectangle = Omit<GaDrawingZone, 'hull_zone'>;

interface GaDrawingFigureProps {
  image: Blob;
  width: number;
  height: number;
  zones: GaDrawingZone[];
  /** The zone picked in the editor: drawn thicker. */
  selected?: HullZone | null;
  /** A zone's fill (its rating, or not inspected); the zone kind's plan colour otherwise. */
  fillOf?: (zone: HullZone) => string;
  /** Called with the rectangle a pointer drag drew; no drag without it. */
  onDraw?: (rectangle: DraftRectangle) => void;
  /** Drawn over everything, in drawing pixels (pins). */
  children?: ReactNode;
}

/** The image as an object URL for as long as it is shown. */
function useObjectUrl(blob: Blob): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/**
 * A vessel's own GA drawing with its zone rectangles over it, in the drawing's pixels (issue 40 §1).
 * Given `onDraw`, a pointer drag draws a rectangle; the editor offers number fields beside it for the
 * keyboard.
 */
export function GaDrawingFigure({
  image,
  width,
  height,
  zones,
  selected,
  fillOf,
  onDraw,
  children,
}: GaDrawingFigureProps) {
  const url = useObjectUrl(image);
  const svg = useRef<SVGSVGElement>(null);
  const [start, setStart] = useState<{ x: number; y: number } | null>(null);
  const [draft, setDraft] = useState<DraftRectangle | null>(null);

  const toDrawing = (event: PointerEvent) => {
    const box = svg.current?.getBoundingClientRect();
    if (!box || box.width === 0) return { x: 0, y: 0 };
    const clamp = (value: number, max: number) => Math.min(max, Math.max(0, Math.round(value)));
    return {
      x: clamp(((event.clientX - box.left) / box.width) * width, width),
      y: clamp(((event.clientY - box.top) / box.height) * height, height),
    };
  };
  const rectangleTo = (point: { x: number; y: number }): DraftRectangle | null => {
    if (!start) return null;
    const rectangle = {
      x: Math.min(start.x, point.x),
      y: Math.min(start.y, point.y),
      width: Math.abs(point.x - start.x),
      height: Math.abs(point.y - start.y),
    };
    return rectangle.width >= 1 && rectangle.height >= 1 ? rectangle : null;
  };
  const stroke = Math.max(1, Math.round(Math.max(width, height) / 400));

  return (
    <Box sx={{ position: 'relative', width: '100%', touchAction: onDraw ? 'none' : undefined }}>
      <svg
        ref={svg}
        viewBox={`0 0 ${width} ${height}`}
        // An image until it holds pins, which are buttons: then a group, so they stay reachable.
        role={Children.count(children) > 0 ? 'group' : 'img'}
        aria-label="The vessel's GA drawing with its zones"
        style={{ width: '100%', height: 'auto', display: 'block', cursor: onDraw ? 'crosshair' : undefined }}
        onPointerDown={
          onDraw &&
          ((event) => {
            // Else the browser may start dragging the image itself and cancel the pointer.
            event.preventDefault();
            event.currentTarget.setPointerCapture(event.pointerId);
            setStart(toDrawing(event));
            setDraft(null);
          })
        }
        onPointerMove={onDraw && start ? (event) => setDraft(rectangleTo(toDrawing(event))) : undefined}
        onPointerCancel={() => {
          setStart(null);
          setDraft(null);
        }}
        onPointerUp={
          onDraw &&
          ((event) => {
            const drawn = rectangleTo(toDrawing(event));
            setStart(null);
            setDraft(null);
            if (drawn) onDraw(drawn);
          })
        }
      >
        {url && (
          <image href={url} x={0} y={0} width={width} height={height} style={{ pointerEvents: 'none' }} />
        )}
        {zones.map((zone) => (
          <g key={zone.hull_zone} data-zone={zone.hull_zone}>
            <title>{hullZoneLabels[zone.hull_zone]}</title>
            <rect
              x={zone.x}
              y={zone.y}
              width={zone.width}
              height={zone.height}
              fill={fillOf?.(zone.hull_zone) ?? planFill(areaKindOf(zone.hull_zone))}
              fillOpacity={0.45}
              stroke="#263238"
              strokeWidth={zone.hull_zone === selected ? stroke * 3 : stroke}
            />
            <text
              x={zone.x + zone.width / 2}
              y={zone.y + zone.height / 2}
              textAnchor="middle"
              dominantBaseline="middle"
              fontSize={Math.max(10, Math.min(zone.height / 3, height / 25))}
              fill="#102027"
            >
              {hullZoneLabels[zone.hull_zone]}
            </text>
          </g>
        ))}
        {draft && (
          <rect
            {...draft}
            fill="none"
            stroke="#d32f2f"
            strokeDasharray={`${stroke * 4} ${stroke * 2}`}
            strokeWidth={stroke * 2}
          />
        )}
        {children}
      </svg>
    </Box>
  );
}
