import type { MaskEdit } from './mask-edit';

/** At least the 50 steps the issue asks for; stroke diffs are small, so more costs little memory. */
export const HISTORY_LIMIT = 100;

/**
 * Undo and redo over edits (stroke diffs, never whole masks). A new edit drops what could be
 * redone; past the limit the oldest edit is forgotten.
 */
export class EditHistory {
  private done: MaskEdit[] = [];
  private undone: MaskEdit[] = [];

  constructor(private readonly limit = HISTORY_LIMIT) {}

  push(edit: MaskEdit): void {
    if (edit.indexes.length === 0) return;
    this.done.push(edit);
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
  }

  /** The edit to revert, moved to the redo side; undefined when there is none. */
  undo(): MaskEdit | undefined {
    const edit = this.done.pop();
    if (edit) this.undone.push(edit);
    return edit;
  }

  /** The edit to write again, moved back to the undo side. */
  redo(): MaskEdit | undefined {
    const edit = this.undone.pop();
    if (edit) this.done.push(edit);
    return edit;
  }

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  get steps(): number {
    return this.done.length;
  }

  clear(): void {
    this.done = [];
    this.undone = [];
  }
}
