import { Readable } from 'node:stream';

type Settled = { value: Buffer | undefined } | { error: unknown };

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/**
 * A JSON array sent element by element: `element(item)` gives one element's JSON bytes (undefined
 * leaves the item out). At most `concurrency` elements are being made at once, and none further ahead
 * than the connection takes them (the stream's backpressure), so a long list costs memory per element
 * in flight rather than per list, and no string of the whole answer is ever built.
 */
export function jsonArrayStream<T>(
  items: readonly T[],
  element: (item: T) => Promise<Buffer | undefined>,
  concurrency: number,
  /** JSON written before and after the array, e.g. `{"list":` and `}` for an array inside an object. */
  around: { before: string; after: string } = { before: '', after: '' },
): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.concat([Buffer.from(around.before), OPEN]);
    const inFlight: Promise<Settled>[] = [];
    let next = 0;
    const startNext = () => {
      const item = items[next++] as T;
      // Settled at once, so an element failing while an earlier one is awaited is never unhandled.
      inFlight.push(
        element(item).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        ),
      );
    };
    while (next < items.length && inFlight.length < concurrency) startNext();
    let first = true;
    while (inFlight.length > 0) {
      const settled = await inFlight.shift()!;
      if (next < items.length) startNext();
      if ('error' in settled) throw settled.error;
      if (settled.value === undefined) continue;
      yield first ? settled.value : Buffer.concat([COMMA, settled.value]);
      first = false;
    }
    yield Buffer.concat([CLOSE, Buffer.from(around.after)]);
  }
  return Readable.from(chunks(), { objectMode: false });
}
