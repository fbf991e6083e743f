import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { ZoomStage } from '../components/viewer/zoom-stage';
import { EditorHelp } from './editor-help';
import { type EditorClass, EditorToolbar } from './editor-toolbar';
import { encodeIndexPng } from './lib/index-png';
import type { Point } from './lib/lasso';
import type { IndexMask } from './lib/mask-edit';
import { MaskPainter } from './mask-painter';
import { steppedBrush, typingInField, type MaskTool, MAX_BRUSH, MIN_BRUSH } from './shortcuts';

export interface MaskEditorProps {
  /** The original photo (any size of the prediction's aspect). */
  photo: string;
  photoName: string;
  /** The mask to edit, at the prediction's own resolution; the editor writes into it. */
  mask: IndexMask;
  /** The model's own mask, which the restore brush puts back. */
  original: Uint8Array;
  classes: readonly EditorClass[];
  initialOpacity: number;
  saving: boolean;
  onSave: (png: Uint8Array) => void;
  onCancel: () => void;
}

const INITIAL_BRUSH = 24;
const fill = { position: 'absolute', inset: 0, width: '100%', height: '100%' } as const;

/**
 * Edits an index mask over its photo (issue 39 §1). Painting goes through MaskPainter, which writes
 * the mask and redraws only what changed; the brush cursor and lasso outline are an SVG layer in mask
 * pixels, moved through refs so the pointer never re-renders React.
 */
export function MaskEditor({
  photo,
  photoName,
  mask,
  original,
  classes,
  initialOpacity,
  saving,
  onSave,
  onCancel,
}: MaskEditorProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const cursor = useRef<SVGCircleElement>(null);
  const outline = useRef<SVGPolylineElement>(null);
  const painter = useRef<MaskPainter | null>(null);
  const lasso = useRef<Point[] | null>(null);
  const [tool, setTool] = useState<MaskTool>('brush');
  const [spaceHeld, setSpaceHeld] = useState(false);
  const [classIndex, setClassIndex] = useState(Math.min(1, classes.length - 1));
  const [replaceFrom, setReplaceFrom] = useState(0);
  const [brushSize, setBrushSize] = useState(INITIAL_BRUSH);
  const [opacity, setOpacity] = useState(initialOpacity);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [helpOpen, setHelpOpen] = useState(false);
  const [, setRevision] = useState(0);
  const [fitted, setFitted] = useState<{ width: number; height: number } | null>(null);
  const opacityLabel = useId();
  const panning = tool === 'pan' || spaceHeld;
  const colours = classes.map((entry) => entry.hex);
  const coloursKey = colours.join(',');

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const created = new MaskPainter(mask, original, context, coloursKey.split(','), new Set(), () =>
      setRevision((value) => value + 1),
    );
    painter.current = created;
    return () => {
      created.dispose();
      painter.current = null;
    };
  }, [mask, original, coloursKey]);

  useEffect(() => {
    painter.current?.setClasses(coloursKey.split(','), hidden);
  }, [coloursKey, hidden]);

  // The mask box keeps the mask's aspect inside the stage, so screen → mask pixels is one scale.
  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      const scale = Math.min(width / mask.width, height / mask.height);
      setFitted({ width: Math.floor(mask.width * scale), height: Math.floor(mask.height * scale) });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [mask.width, mask.height]);

  const save = useCallback(() => {
    if (!saving) onSave(encodeIndexPng(mask));
  }, [mask, onSave, saving]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (typingInField(event.target)) return;
      const key = event.key;
      const command = event.ctrlKey || event.metaKey;
      if (command && key.toLowerCase() === 'z') {
        event.preventDefault();
        if (event.shiftKey) painter.current?.redo();
        else painter.current?.undo();
      } else if (command && key.toLowerCase() === 'y') {
        event.preventDefault();
        painter.current?.redo();
      } else if (command && key.toLowerCase() === 's') {
        event.preventDefault();
        save();
      } else if (command || event.altKey) {
        return;
      } else if (key === ' ') {
        event.preventDefault();
        setSpaceHeld(true);
      } else if (key === '[' || key === ']') {
        setBrushSize((size) => steppedBrush(size, key === ']' ? 1 : -1));
      } else if (key === '?') {
        setHelpOpen((open) => !open);
      } else if (key === 'Escape') {
        lasso.current = null;
        outline.current?.setAttribute('points', '');
      } else if (/^[1-9]$/.test(key) && Number(key) <= classes.length) {
        setClassIndex(Number(key) - 1);
      } else {
        const chosen = ({ b: 'brush', r: 'restore', l: 'lasso', x: 'replace', h: 'pan' } as const)[
          key.toLowerCase() as 'b'
        ];
        if (chosen) setTool(chosen);
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === ' ') setSpaceHeld(false);
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [classes.length, save]);

  // Alt + wheel sizes the brush; caught before the zoom stage's own wheel listener sees it.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.altKey) return;
      event.preventDefault();
      event.stopPropagation();
      const delta = event.deltaY || event.deltaX;
      if (delta !== 0) setBrushSize((size) => steppedBrush(size, delta < 0 ? 1 : -1));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const maskPoint = (event: ReactPointerEvent): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / rect.width) * mask.width,
      y: ((event.clientY - rect.top) / rect.height) * mask.height,
    };
  };

  const moveCursor = (point: Point | null) => {
    const circle = cursor.current;
    if (!circle) return;
    const shown = point !== null && (tool === 'brush' || tool === 'restore') && !spaceHeld;
    circle.setAttribute('visibility', shown ? 'visible' : 'hidden');
    if (point) {
      circle.setAttribute('cx', String(point.x));
      circle.setAttribute('cy', String(point.y));
      circle.setAttribute('r', String(brushSize / 2));
    }
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0 || panning || !painter.current) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    const point = maskPoint(event);
    if (tool === 'brush') painter.current.beginStroke(point, brushSize, { kind: 'class', value: classIndex });
    else if (tool === 'restore') painter.current.beginStroke(point, brushSize, { kind: 'restore', original });
    else {
      lasso.current = [point];
      outline.current?.setAttribute('points', `${point.x},${point.y}`);
    }
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const point = maskPoint(event);
    moveCursor(point);
    if (!event.currentTarget.hasPointerCapture(event.pointerId)) return;
    const events = 'getCoalescedEvents' in event.nativeEvent ? event.nativeEvent.getCoalescedEvents() : [];
    if (lasso.current) {
      const last = lasso.current.at(-1)!;
      if (Math.hypot(point.x - last.x, point.y - last.y) >= 1) {
        lasso.current.push(point);
        outline.current?.setAttribute('points', lasso.current.map((p) => `${p.x},${p.y}`).join(' '));
      }
      return;
    }
    const rect = event.currentTarget.getBoundingClientRect();
    // Coalesced events keep a fast stroke's curve; the stroke joins them with discs either way.
    for (const sample of events.length > 0 ? events : [event.nativeEvent]) {
      painter.current?.continueStroke({
        x: ((sample.clientX - rect.left) / rect.width) * mask.width,
        y: ((sample.clientY - rect.top) / rect.height) * mask.height,
      });
    }
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!event.currentTarget.hasPointerCapture(event.pointerId)) return;
    event.currentTarget.releasePointerCapture(event.pointerId);
    const polygon = lasso.current;
    lasso.current = null;
    outline.current?.setAttribute('points', '');
    if (polygon) {
      if (polygon.length >= 3) {
        if (tool === 'replace') painter.current?.replace(polygon, replaceFrom, classIndex);
        else painter.current?.fill(polygon, classIndex);
      }
    } else painter.current?.endStroke();
  };

  const history = painter.current?.history;
  const toggleClass = (index: number) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <Box component="section" aria-label="Mask editor" sx={{ mt: 2, userSelect: 'none' }}>
      <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap" sx={{ mb: 1 }}>
        <EditorToolbar
          tool={tool}
          onTool={setTool}
          classes={classes}
          classIndex={classIndex}
          onClassIndex={setClassIndex}
          replaceFrom={replaceFrom}
          onReplaceFrom={setReplaceFrom}
          brushSize={brushSize}
          onBrushSize={(size) => setBrushSize(Math.min(MAX_BRUSH, Math.max(MIN_BRUSH, size)))}
          canUndo={history?.canUndo ?? false}
          canRedo={history?.canRedo ?? false}
          onUndo={() => painter.current?.undo()}
          onRedo={() => painter.current?.redo()}
        />
        <Box sx={{ flex: 1 }} />
        <EditorHelp open={helpOpen} onOpenChange={setHelpOpen} />
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          {saving ? 'Saving…' : 'Save mask'}
        </Button>
      </Stack>
      <ZoomStage editing panWithLeftButton={panning}>
        <Box ref={frame} sx={{ width: '100%', height: '100%', display: 'grid', placeItems: 'center' }}>
          <Box
            sx={{
              position: 'relative',
              ...(fitted ?? { width: '100%', aspectRatio: `${mask.width} / ${mask.height}` }),
            }}
          >
            <Box
              component="img"
              src={photo}
              alt={`Original ${photoName}`}
              draggable={false}
              sx={{ ...fill, display: 'block' }}
            />
            <canvas
              ref={canvas}
              width={mask.width}
              height={mask.height}
              data-testid="mask-editor-canvas"
              aria-label={`Editable mask of ${photoName}`}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
              onPointerLeave={() => moveCursor(null)}
              style={{
                ...fill,
                opacity,
                imageRendering: 'pixelated',
                touchAction: 'none',
                pointerEvents: panning ? 'none' : 'auto',
              }}
            />
            <svg
              viewBox={`0 0 ${mask.width} ${mask.height}`}
              preserveAspectRatio="none"
              aria-hidden
              style={{ ...fill, pointerEvents: 'none', overflow: 'visible' }}
            >
              <circle
                ref={cursor}
                visibility="hidden"
                fill="none"
                stroke="white"
                strokeWidth={1.5}
                vectorEffect="non-scaling-stroke"
              />
              <polyline
                ref={outline}
                fill="rgba(255,255,255,0.15)"
                stroke="white"
                strokeDasharray="4 3"
                strokeWidth={1.5}
                vectorEffect="non-scaling-stroke"
              />
            </svg>
          </Box>
        </Box>
      </ZoomStage>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 1 }}>
        <Typography id={opacityLabel} variant="body2" sx={{ flexShrink: 0, width: 96 }}>
          Opacity
        </Typography>
        <Slider
          aria-labelledby={opacityLabel}
          min={0}
          max={1}
          step={0.01}
          value={opacity}
          onChange={(_, value) => setOpacity(Array.isArray(value) ? (value[0] ?? 0.5) : value)}
        />
        <Typography variant="body2" sx={{ width: 40, textAlign: 'right' }}>
          {opacity.toFixed(2)}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" aria-label="Classes shown" sx={{ mt: 1 }}>
        {classes.map((entry, index) => (
          <ToggleButton
            key={entry.label}
            size="small"
            value={index}
            selected={!hidden.has(index)}
            aria-label={`Show ${entry.label} in the mask`}
            onChange={() => toggleClass(index)}
          >
            <Box
              aria-hidden
              component="span"
              sx={{ width: 12, height: 12, mr: 1, borderRadius: 0.5, bgcolor: entry.hex }}
            />
            {entry.label}
          </ToggleButton>
        ))}
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {mask.width}×{mask.height} mask · {history?.steps ?? 0} change{history?.steps === 1 ? '' : 's'} to
        undo. The wheel zooms, the middle button (or H, or Space held) pans.
      </Typography>
    </Box>
  );
}
