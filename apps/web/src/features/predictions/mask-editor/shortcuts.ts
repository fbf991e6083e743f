/** The editor's keyboard shortcuts, as the help popover lists them. */
export const MASK_EDITOR_SHORTCUTS: readonly { keys: string; action: string }[] = [
  { keys: 'B', action: 'Brush: paint the chosen class' },
  { keys: 'R', action: "Restore brush: put the model's own label back" },
  { keys: 'L', action: 'Lasso: fill an outline with the chosen class' },
  { keys: 'X', action: 'Replace: inside an outline, turn one class into the chosen class' },
  { keys: 'H or hold Space', action: 'Pan with the left button (the middle button always pans)' },
  { keys: '1 – 9', action: 'Choose class 1 to 9' },
  { keys: '[  /  ]', action: 'Smaller / larger brush' },
  { keys: 'Alt + wheel', action: 'Brush size (the wheel alone zooms)' },
  { keys: 'Ctrl + Z', action: 'Undo' },
  { keys: 'Ctrl + Shift + Z  or  Ctrl + Y', action: 'Redo' },
  { keys: 'Ctrl + S', action: 'Save as a new version' },
  { keys: 'Esc', action: 'Drop the outline being drawn' },
  { keys: '?', action: 'This list' },
];

export type MaskTool = 'brush' | 'restore' | 'lasso' | 'replace' | 'pan';

export const MIN_BRUSH = 1;
export const MAX_BRUSH = 200;

/** `[` and `]` step the brush by about a fifth, so small and large sizes are both a few presses away. */
export function steppedBrush(size: number, direction: 1 | -1): number {
  const next =
    direction > 0 ? Math.max(size + 1, Math.round(size * 1.2)) : Math.min(size - 1, Math.round(size / 1.2));
  return Math.min(MAX_BRUSH, Math.max(MIN_BRUSH, next));
}

/** Whether a key press belongs to a text field rather than to the editor. */
export function typingInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA') return true;
  return (
    target.tagName === 'INPUT' &&
    !['range', 'checkbox', 'radio', 'button'].includes((target as HTMLInputElement).type)
  );
}
