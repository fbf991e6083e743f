import { describe, expect, it } from 'vitest';
import { stampDisc } from './brush';
import { EditHistory } from './edit-history';
import { applyEdit, EditRecorder, type IndexMask } from './mask-edit';

describe('undo and redo', () => {
  it('walks back 60 strokes to the model’s mask and forward again to the same pixels', () => {
    const mask: IndexMask = { width: 50, height: 50, data: new Uint8Array(2500) };
    const start = mask.data.slice();
    const history = new EditHistory();
    const snapshots: Uint8Array[] = [];
    for (let step = 0; step < 60; step += 1) {
      const recorder = new EditRecorder(mask);
      stampDisc(recorder, (step * 7) % 50, (step * 13) % 50, 9, { kind: 'class', value: (step % 4) + 1 });
      history.push(recorder.finish());
      snapshots.push(mask.data.slice());
    }
    const steps = history.steps;
    expect(steps).toBe(60);
    for (let step = 0; step < steps; step += 1) applyEdit(mask, history.undo()!, 'undo');
    expect(Buffer.compare(mask.data, start)).toBe(0);
    expect(history.canUndo).toBe(false);
    for (let step = 0; step < steps; step += 1) applyEdit(mask, history.redo()!, 'redo');
    expect(Buffer.compare(mask.data, snapshots.at(-1)!)).toBe(0);
  });

  it('keeps the newest edits past its limit and drops the redo side on a new edit', () => {
    const history = new EditHistory(3);
    const edit = (value: number) => ({
      indexes: Uint32Array.of(value),
      before: Uint8Array.of(0),
      after: Uint8Array.of(value),
    });
    for (let value = 1; value <= 5; value += 1) history.push(edit(value));
    expect(history.steps).toBe(3);
    expect(history.undo()?.after[0]).toBe(5);
    expect(history.canRedo).toBe(true);
    history.push(edit(9));
    expect(history.canRedo).toBe(false);
    expect(history.undo()?.after[0]).toBe(9);
    expect(history.undo()?.after[0]).toBe(4);
    expect(history.undo()?.after[0]).toBe(3);
    expect(history.undo()).toBeUndefined();
  });

  it('ignores an action that changed nothing', () => {
    const history = new EditHistory();
    history.push({ indexes: new Uint32Array(0), before: new Uint8Array(0), after: new Uint8Array(0) });
    expect(history.canUndo).toBe(false);
  });
});
