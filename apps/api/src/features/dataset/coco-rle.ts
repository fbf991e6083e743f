/**
 * COCO's compressed run-length encoding of one binary mask, as pycocotools' `mask.encode` writes it
 * (maskApi.c, rleEncode and rleToString): runs over the pixels in column-major order, starting with
 * a run of 0s (perhaps empty); each count after the second stored as its difference from the count
 * two before, in 5-bit groups, least significant first, each group offset by 48 into printable ASCII
 * with 0x20 marking that more follow. No package on npm implements it with upkeep we could rely on,
 * so it is written here and tested against an independent decoder.
 */
export interface CocoRle {
  size: [number, number];
  counts: string;
}

/** Run lengths, 0s first, of the pixels of `indexes` equal to `value`, column by column. */
export function columnRuns(indexes: Uint8Array, width: number, height: number, value: number): number[] {
  const runs: number[] = [];
  let current = 0;
  let run = 0;
  for (let x = 0; x < width; x += 1) {
    for (let y = 0; y < height; y += 1) {
      const bit = indexes[y * width + x] === value ? 1 : 0;
      if (bit !== current) {
        runs.push(run);
        run = 0;
        current = bit;
      }
      run += 1;
    }
  }
  runs.push(run);
  return runs;
}

export function runsToString(runs: number[]): string {
  let text = '';
  for (let index = 0; index < runs.length; index += 1) {
    let x = runs[index]!;
    if (index > 2) x -= runs[index - 2]!;
    let more = true;
    while (more) {
      let group = x & 0x1f;
      x >>= 5;
      more = group & 0x10 ? x !== -1 : x !== 0;
      if (more) group |= 0x20;
      text += String.fromCharCode(group + 48);
    }
  }
  return text;
}

/** The mask of class `value` in a class map, as COCO RLE. */
export function encodeClassRle(indexes: Uint8Array, width: number, height: number, value: number): CocoRle {
  return { size: [height, width], counts: runsToString(columnRuns(indexes, width, height, value)) };
}
