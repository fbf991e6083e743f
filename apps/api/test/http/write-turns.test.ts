import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WriteTurns } from '../../src/http/write-turns.js';

/** Stands for a response: WriteTurns only listens to its 'finish' and 'close'. */
const response = () => new EventEmitter() as unknown as ServerResponse;

/** Starts waiting for a turn for each response; `started` lists them in the order their turns came. */
function queueUp(turns: WriteTurns, responses: ServerResponse[]) {
  const started: number[] = [];
  for (const [index, each] of responses.entries()) void turns.wait(each).then(() => started.push(index));
  return { started };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('WriteTurns', () => {
  it('writes at most `slots` answers at once and gives the next turn, in arrival order, as one finishes', async () => {
    const turns = new WriteTurns(2, 10_000);
    const answers = [response(), response(), response(), response()];
    const { started } = queueUp(turns, answers);
    await settle();
    expect(started).toEqual([0, 1]);
    expect(turns.counts).toEqual({ writing: 2, waiting: 2 });

    answers[1]!.emit('finish');
    await settle();
    expect(started).toEqual([0, 1, 2]);
    // A response emits 'close' after 'finish': the turn it already gave back is not given twice.
    answers[1]!.emit('close');
    await settle();
    expect(started).toEqual([0, 1, 2]);
    expect(turns.counts).toEqual({ writing: 2, waiting: 1 });

    answers[0]!.emit('close'); // the connection went while its answer was written
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    answers[2]!.emit('finish');
    answers[3]!.emit('finish');
    expect(turns.counts).toEqual({ writing: 0, waiting: 0 });
  });

  it('lets a request whose connection closed while it waited go, without a turn', async () => {
    const turns = new WriteTurns(1, 10_000);
    const answers = [response(), response(), response()];
    const { started } = queueUp(turns, answers);
    await settle();
    answers[1]!.emit('close');
    await settle();
    // It resolves (its handler finishes; what it writes goes nowhere) but holds no turn.
    expect(started).toEqual([0, 1]);
    expect(turns.counts).toEqual({ writing: 1, waiting: 1 });
    answers[0]!.emit('finish');
    await settle();
    expect(started).toEqual([0, 1, 2]);
    expect(turns.counts).toEqual({ writing: 1, waiting: 0 });
    answers[2]!.emit('finish');
    expect(turns.counts).toEqual({ writing: 0, waiting: 0 });
  });

  it('takes no turn for a response whose connection had closed before it asked', async () => {
    const turns = new WriteTurns(1, 10_000);
    const gone = Object.assign(response(), { destroyed: true });
    await turns.wait(gone);
    expect(turns.counts).toEqual({ writing: 0, waiting: 0 });
    const live = response();
    await turns.wait(live);
    expect(turns.counts).toEqual({ writing: 1, waiting: 0 });
    live.emit('finish');
  });

  it('ends a turn after holdMs, so that a slow reader does not hold up the answers behind it', async () => {
    vi.useFakeTimers();
    const turns = new WriteTurns(1, 50);
    const slow = response();
    const next = response();
    const { started } = queueUp(turns, [slow, next]);
    await vi.advanceTimersByTimeAsync(49);
    expect(started).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual([0, 1]);
    // The slow answer finishing later does not free a second turn.
    slow.emit('finish');
    expect(turns.counts).toEqual({ writing: 1, waiting: 0 });
    next.emit('finish');
    expect(turns.counts).toEqual({ writing: 0, waiting: 0 });
  });
});
