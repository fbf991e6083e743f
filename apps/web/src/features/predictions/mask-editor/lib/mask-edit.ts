/** An index mask: one class index per pixel, row by row, at the prediction's own resolution. */
export interface IndexMask {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The pixels one action changed, with their values before and after, so undo and redo replay it. */
export interface MaskEdit {
  indexes: Uint32Array;
  before: Uint8Array;
  after: Uint8Array;
}

/** A rectangle of changed pixels (inclusive left/top, exclusive right/bottom). */
export interface DirtyRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export const emptyRect = (): DirtyRect => ({
  left: Infinity,
  top: Infinity,
  right: -Infinity,
  bottom: -Infinity,
});

export const isEmptyRect = (rect: DirtyRect) => rect.right <= rect.left || rect.bottom <= rect.top;

/**
 * Collects one action's changes as it writes them to the mask. A pixel is recorded only when its
 * value changes, and a stroke's target for a pixel never changes within the stroke, so every pixel
 * appears at most once and the record is as small as the change.
 */
export class EditRecorder {
  private indexes = new Uint32Array(1024);
  private before = new Uint8Array(1024);
  private after = new Uint8Array(1024);
  private length = 0;
  readonly dirty = emptyRect();

  constructor(readonly mask: IndexMask) {}

  /** Sets one pixel; answers whether it changed. */
  set(index: number, value: number): boolean {
    const old = this.mask.data[index]!;
    if (old === value) return false;
    if (this.length === this.indexes.length) this.grow();
    this.indexes[this.length] = index;
    this.before[this.length] = old;
    this.after[this.length] = value;
    this.length += 1;
    this.mask.data[index] = value;
    const x = index % this.mask.width;
    const y = (index - x) / this.mask.width;
    const rect = this.dirty;
    if (x < rect.left) rect.left = x;
    if (x + 1 > rect.right) rect.right = x + 1;
    if (y < rect.top) rect.top = y;
    if (y + 1 > rect.bottom) rect.bottom = y + 1;
    return true;
  }

  /** Clears the dirty rectangle (after a redraw); the recorded changes stay. */
  takeDirty(): DirtyRect {
    const taken = { ...this.dirty };
    Object.assign(this.dirty, emptyRect());
    return taken;
  }

  get size(): number {
    return this.length;
  }

  finish(): MaskEdit {
    return {
      indexes: this.indexes.slice(0, this.length),
      before: this.before.slice(0, this.length),
      after: this.after.slice(0, this.length),
    };
  }

  private grow() {
    const indexes = new Uint32Array(this.indexes.length * 2);
    indexes.set(this.indexes);
    const before = new Uint8Array(indexes.length);
    before.set(this.before);
    const after = new Uint8Array(indexes.length);
    after.set(this.after);
    this.indexes = indexes;
    this.before = before;
    this.after = after;
  }
}

/** Writes an edit's values (after for redo, before for undo) and answers the rectangle it touched. */
export function applyEdit(mask: IndexMask, edit: MaskEdit, direction: 'undo' | 'redo'): DirtyRect {
  const values = direction === 'undo' ? edit.before : edit.after;
  const rect = emptyRect();
  for (let i = 0; i < edit.indexes.length; i += 1) {
    const index = edit.indexes[i]!;
    mask.data[index] = values[i]!;
    const x = index % mask.width;
    const y = (index - x) / mask.width;
    if (x < rect.left) rect.left = x;
    if (x + 1 > rect.right) rect.right = x + 1;
    if (y < rect.top) rect.top = y;
    if (y + 1 > rect.bottom) rect.bottom = y + 1;
  }
  return rect;
}
