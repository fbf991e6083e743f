import type { ServerResponse } from 'node:http';

/**
 * Turns for writing multi-megabyte answers: at most `slots` are written at once, the others wait in
 * the order they came. Many sockets handed large answers at once share the event loop and the
 * kernel's copying unevenly, so some answers wait twice as long as the median; taking turns keeps the
 * throughput and evens the waits (figures: docs/benchmarks.md, bench:api).
 *
 * A turn ends when the answer has been handed to the kernel ('finish'), when the connection closes,
 * or after `holdMs`, whichever comes first: a client that reads slowly (a slow network) keeps its
 * answer going, outside the turns, instead of holding up everyone behind it.
 */
export class WriteTurns {
  private writing = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly slots: number,
    private readonly holdMs: number,
  ) {}

  /**
   * Resolves when `response` may be written. Call it just before sending: the turn starts then.
   * A response whose connection closes while it waits resolves at once, holding no turn (what is
   * written to it then goes nowhere).
   */
  wait(response: ServerResponse): Promise<void> {
    // Gone already (the client left while the answer was being made): its 'close' has been emitted,
    // so a turn taken now would only end at holdMs, holding up live answers for nothing.
    if (response.destroyed || response.writableEnded) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.writing < this.slots) {
        this.take(response);
        resolve();
        return;
      }
      const turn = () => {
        response.off('close', leave);
        this.take(response);
        resolve();
      };
      const leave = () => {
        const at = this.waiting.indexOf(turn);
        if (at >= 0) this.waiting.splice(at, 1);
        resolve();
      };
      this.waiting.push(turn);
      response.once('close', leave);
    });
  }

  /** Answers being written in a turn now, and answers waiting for one (for tests and logs). */
  get counts(): { writing: number; waiting: number } {
    return { writing: this.writing, waiting: this.waiting.length };
  }

  private take(response: ServerResponse): void {
    this.writing += 1;
    // Whichever comes first ends the turn and takes the other two away, so it ends once.
    const end = () => {
      clearTimeout(timer);
      response.off('finish', end);
      response.off('close', end);
      this.writing -= 1;
      this.waiting.shift()?.();
    };
    const timer = setTimeout(end, this.holdMs);
    response.once('finish', end);
    response.once('close', end);
  }
}
