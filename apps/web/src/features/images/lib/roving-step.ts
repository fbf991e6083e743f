/**
 * Where a key moves the focus in a grid of `count` items laid out `columns` to a row: ← → by one,
 * ↑ ↓ by a row, Home and End to the ends. Null for other keys and for a move off the grid's edge.
 */
export function rovingStep(key: string, from: number, count: number, columns: number): number | null {
  if (count === 0) return null;
  const start = from < 0 ? 0 : from;
  const to = (() => {
    switch (key) {
      case 'ArrowLeft':
        return start - 1;
      case 'ArrowRight':
        return start + 1;
      case 'ArrowUp':
        return start - columns;
      case 'ArrowDown':
        return start + columns;
      case 'Home':
        return 0;
      case 'End':
        return count - 1;
      default:
        return null;
    }
  })();
  if (to === null || to < 0 || to >= count) return null;
  return to;
}
