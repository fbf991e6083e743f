import { describe, expect, it } from 'vitest';
import { pagesHolding, serverPositions } from './thumbnail-pages';

describe('the thumbnail pages an image list needs', () => {
  it("counts positions in the server's id order, whatever order the grid shows", () => {
    const positions = serverPositions([{ id: 30 }, { id: 10 }, { id: 20 }]);
    expect([...positions]).toEqual([
      [10, 0],
      [20, 1],
      [30, 2],
    ]);
  });

  it('asks for each page holding a shown image once, in order, and none for an unknown image', () => {
    const positions = serverPositions(Array.from({ length: 100 }, (_, index) => ({ id: index + 1 })));
    // Positions 0 and 1 share page 0; 24 opens page 1; 99 is on page 4 of 24-image pages.
    expect(pagesHolding([100, 1, 2, 25], positions, 24)).toEqual([0, 1, 4]);
    expect(pagesHolding([101], positions, 24)).toEqual([]);
    expect(pagesHolding([], positions, 24)).toEqual([]);
  });
});
