import { describe, expect, it } from 'vitest';
import { forEachConcurrently } from '../../src/lib/for-each-concurrently.js';

/** A promise with its resolve exposed, to decide by hand when a piece of work ends. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('forEachConcurrently', () => {
  it('starts items in order and never runs more than the limit at once', async () => {
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const done = forEachConcurrently([0, 1, 2, 3, 4], 2, async (item) => {
      started.push(item);
      running += 1;
      most = Math.max(most, running);
      await gates[item]!.opened;
      running -= 1;
    });
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    await done;
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('after a failure starts nothing new, waits for the running item, then throws the first error', async () => {
    const slow = gate();
    const started: number[] = [];
    let slowFinished = false;
    const done = forEachConcurrently([0, 1, 2, 3], 2, async (item) => {
      started.push(item);
      if (item === 0) {
        await slow.opened;
        slowFinished = true;
      }
      if (item === 1) throw new Error('item 1 broke');
    });
    let settled = false;
    done
      .catch(() => {})
      .finally(() => {
        settled = true;
      });
    await tick();
    expect(settled).toBe(false);
    slow.open();
    await expect(done).rejects.toThrow('item 1 broke');
    expect(slowFinished).toBe(true);
    expect(started).toEqual([0, 1]);
  });

  it('with a limit of 1 runs the items strictly one after another', async () => {
    const events: string[] = [];
    await forEachConcurrently(['a', 'b', 'c'], 1, async (item) => {
      events.push(`start ${item}`);
      await tick();
      events.push(`end ${item}`);
    });
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('with a limit above the number of items starts them all at once', async () => {
    const gates = [gate(), gate()];
    const started: number[] = [];
    const done = forEachConcurrently([0, 1], 8, async (item) => {
      started.push(item);
      await gates[item]!.opened;
    });
    await tick();
    expect(started).toEqual([0, 1]);
    for (const g of gates) g.open();
    await done;
  });

  it('refuses a limit that is not a whole number of at least 1', async () => {
    for (const limit of [0, -1, 1.5, Number.NaN]) {
      await expect(forEachConcurrently([1], limit, async () => {})).rejects.toThrow(RangeError);
    }
  });

  it('does nothing for no items', async () => {
    let calls = 0;
    await forEachConcurrently([], 3, async () => {
      calls += 1;
    });
    expect(calls).toBe(0);
  });
});
