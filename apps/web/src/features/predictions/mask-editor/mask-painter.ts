import { type BrushTarget, strokeSegment } from './lib/brush';
import { colourRect, colourTable } from './lib/colour-table';
import { EditHistory } from './lib/edit-history';
import { fillPolygon, type Point, replaceInPolygon } from './lib/lasso';
import {
  applyEdit,
  type DirtyRect,
  EditRecorder,
  emptyRect,
  type IndexMask,
  isEmptyRect,
} from './lib/mask-edit';

/**
 * Durations in milliseconds of each redraw and of each pointer move's mask writes, kept only while a
 * bench turns it on (`npm run bench:mask-editor`), so the editor itself keeps no growing list.
 */
export const editorTimings = { enabled: false, redraws: [] as number[], strokes: [] as number[] };

const union = (into: DirtyRect, rect: DirtyRect) => {
  into.left = Math.min(into.left, rect.left);
  into.top = Math.min(into.top, rect.top);
  into.right = Math.max(into.right, rect.right);
  into.bottom = Math.max(into.bottom, rect.bottom);
};

/**
 * The editing engine behind the editor's canvas: owns the mask and its history, writes strokes and
 * lasso fills into the mask at once, and redraws on the next animation frame only the rectangle
 * that changed (ImageData for the whole mask, putImageData of the dirty part), so a stroke costs
 * the pixels under the brush, not the 2 million of a Full HD mask.
 */
export class MaskPainter {
  readonly history = new EditHistory();
  private readonly pixels: Uint32Array;
  private readonly image: ImageData;
  private table: Uint32Array;
  private pending = emptyRect();
  private frame = 0;
  private stroke: { recorder: EditRecorder; last: Point; diameter: number; target: BrushTarget } | null =
    null;

  constructor(
    readonly mask: IndexMask,
    readonly original: Uint8Array,
    private readonly context: CanvasRenderingContext2D,
    classColours: readonly string[],
    hidden: ReadonlySet<number>,
    private readonly onChange: () => void,
  ) {
    this.image = context.createImageData(mask.width, mask.height);
    this.pixels = new Uint32Array(this.image.data.buffer);
    this.table = colourTable(classColours, hidden);
    this.redrawAll();
  }

  setClasses(classColours: readonly string[], hidden: ReadonlySet<number>): void {
    this.table = colourTable(classColours, hidden);
    this.redrawAll();
  }

  beginStroke(at: Point, diameter: number, target: BrushTarget): void {
    const recorder = new EditRecorder(this.mask);
    this.stroke = { recorder, last: at, diameter, target };
    strokeSegment(recorder, at, at, diameter, target);
    this.schedule(recorder.takeDirty());
  }

  continueStroke(to: Point): void {
    const stroke = this.stroke;
    if (!stroke) return;
    const started = editorTimings.enabled ? performance.now() : 0;
    strokeSegment(stroke.recorder, stroke.last, to, stroke.diameter, stroke.target);
    if (editorTimings.enabled) editorTimings.strokes.push(performance.now() - started);
    stroke.last = to;
    this.schedule(stroke.recorder.takeDirty());
  }

  endStroke(): void {
    if (!this.stroke) return;
    this.history.push(this.stroke.recorder.finish());
    this.stroke = null;
    this.flush();
    this.onChange();
  }

  fill(polygon: readonly Point[], value: number): void {
    const recorder = new EditRecorder(this.mask);
    fillPolygon(recorder, polygon, value);
    this.commit(recorder);
  }

  replace(polygon: readonly Point[], from: number, to: number): void {
    const recorder = new EditRecorder(this.mask);
    replaceInPolygon(recorder, polygon, from, to);
    this.commit(recorder);
  }

  undo(): void {
    this.endStroke();
    const edit = this.history.undo();
    if (edit) this.schedule(applyEdit(this.mask, edit, 'undo'));
    this.flush();
    this.onChange();
  }

  redo(): void {
    this.endStroke();
    const edit = this.history.redo();
    if (edit) this.schedule(applyEdit(this.mask, edit, 'redo'));
    this.flush();
    this.onChange();
  }

  /** The class under a mask pixel (for the replace tool's eyedropper). */
  classAt(point: Point): number {
    const x = Math.min(this.mask.width - 1, Math.max(0, Math.floor(point.x)));
    const y = Math.min(this.mask.height - 1, Math.max(0, Math.floor(point.y)));
    return this.mask.data[y * this.mask.width + x]!;
  }

  dispose(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  private commit(recorder: EditRecorder) {
    this.schedule(recorder.takeDirty());
    this.flush();
    this.history.push(recorder.finish());
    this.onChange();
  }

  private redrawAll() {
    this.schedule({ left: 0, top: 0, right: this.mask.width, bottom: this.mask.height });
  }

  private schedule(rect: DirtyRect) {
    if (isEmptyRect(rect)) return;
    union(this.pending, rect);
    if (!this.frame) this.frame = requestAnimationFrame(() => this.draw());
  }

  /**
   * Draws what is pending now rather than at the next animation frame: a finished action is on the
   * canvas at once, even where the browser holds frames back (a hidden or throttled tab).
   */
  private flush() {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.draw();
  }

  private draw() {
    this.frame = 0;
    const rect = this.pending;
    this.pending = emptyRect();
    if (isEmptyRect(rect)) return;
    const started = editorTimings.enabled ? performance.now() : 0;
    colourRect(this.mask, this.table, this.pixels, rect);
    this.context.putImageData(
      this.image,
      0,
      0,
      rect.left,
      rect.top,
      rect.right - rect.left,
      rect.bottom - rect.top,
    );
    if (editorTimings.enabled) editorTimings.redraws.push(performance.now() - started);
  }
}
