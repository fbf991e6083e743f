import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeFullThumbnailList } from '../../src/features/images/full-thumbnail-list.js';
import { KeptAnswers } from '../../src/http/kept-answers.js';

/** A make function that counts its calls and settles when told. */
function pending<T>() {
  let calls = 0;
  let settle!: (value: T | undefined) => void;
  let fail!: (error: Error) => void;
  const make = () => {
    calls += 1;
    return new Promise<T | undefined>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
  };
  return {
    make,
    calls: () => calls,
    settle: (value: T | undefined) => settle(value),
    fail: (e: Error) => fail(e),
  };
}

describe('KeptAnswers', () => {
  it('makes a version once for every request that asks while it is made, and keeps it', async () => {
    const kept = new KeptAnswers<string>(100, (answer) => answer.length);
    const build = pending<string>();
    const asked = [kept.get('p1', 'v1', build.make), kept.get('p1', 'v1', build.make)];
    build.settle('list-v1');
    expect(await Promise.all(asked)).toEqual(['list-v1', 'list-v1']);
    expect(await kept.get('p1', 'v1', build.make)).toBe('list-v1');
    expect(build.calls()).toBe(1);
    expect(kept.heldBytes).toBe(7);
  });

  it('drops the old version of a key when a new one is asked for', async () => {
    const kept = new KeptAnswers<string>(100, (answer) => answer.length);
    expect(await kept.get('p1', 'v1', () => Promise.resolve('old'))).toBe('old');
    expect(await kept.get('p1', 'v2', () => Promise.resolve('newer'))).toBe('newer');
    expect(kept.heldBytes).toBe(5);
    // v1 is gone: asking for it makes it again.
    expect(await kept.get('p1', 'v1', () => Promise.resolve('again'))).toBe('again');
  });

  it('drops the least recently used answers beyond its bound', async () => {
    const kept = new KeptAnswers<string>(10, (answer) => answer.length);
    await kept.get('a', 'v', () => Promise.resolve('aaaa'));
    await kept.get('b', 'v', () => Promise.resolve('bbbb'));
    await kept.get('a', 'v', () => Promise.resolve('unused')); // a is now the most recently used
    await kept.get('c', 'v', () => Promise.resolve('cccc'));
    expect(kept.heldBytes).toBe(8);
    expect(await kept.get('a', 'v', () => Promise.resolve('made again'))).toBe('aaaa');
    expect(await kept.get('b', 'v', () => Promise.resolve('made again'))).toBe('made again');
  });

  it('remembers an answer not kept (undefined) for its version, and forgets a failure', async () => {
    const kept = new KeptAnswers<string>(100, (answer) => answer.length);
    const tooLarge = pending<string>();
    const first = kept.get('p', 'v1', tooLarge.make);
    tooLarge.settle(undefined);
    expect(await first).toBeUndefined();
    expect(await kept.get('p', 'v1', tooLarge.make)).toBeUndefined();
    expect(tooLarge.calls()).toBe(1);
    expect(kept.heldBytes).toBe(0);

    const failing = pending<string>();
    const failed = kept.get('p', 'v2', failing.make);
    failing.fail(new Error('disk gone'));
    await expect(failed).rejects.toThrow('disk gone');
    expect(await kept.get('p', 'v2', () => Promise.resolve('fine'))).toBe('fine');
  });

  describe('with an idle time', () => {
    afterEach(() => vi.useRealTimers());

    it('drops an answer nobody asked for within it, and keeps one that is asked for', async () => {
      vi.useFakeTimers();
      const kept = new KeptAnswers<string>(100, (answer) => answer.length, 30_000);
      await kept.get('polled', 'v', () => Promise.resolve('poll'));
      await kept.get('idle', 'v', () => Promise.resolve('idle'));
      expect(kept.heldBytes).toBe(8);
      for (let second = 0; second < 50; second += 10) {
        vi.advanceTimersByTime(10_000);
        expect(await kept.get('polled', 'v', () => Promise.resolve('made again'))).toBe('poll');
      }
      expect(kept.heldBytes).toBe(4);
      expect(await kept.get('idle', 'v', () => Promise.resolve('made again'))).toBe('made again');
      vi.advanceTimersByTime(30_000);
      expect(kept.heldBytes).toBe(0);
    });

    it('also forgets an answer not kept (undefined) after the idle time', async () => {
      vi.useFakeTimers();
      const kept = new KeptAnswers<string>(100, (answer) => answer.length, 30_000);
      const tooLarge = pending<string>();
      const first = kept.get('p', 'v', tooLarge.make);
      tooLarge.settle(undefined);
      expect(await first).toBeUndefined();
      expect(kept.size).toBe(1);
      vi.advanceTimersByTime(30_000);
      expect(kept.size).toBe(0);
    });

    it('drops everything, timers included, when cleared', async () => {
      vi.useFakeTimers();
      const kept = new KeptAnswers<string>(100, (answer) => answer.length, 30_000);
      await kept.get('a', 'v', () => Promise.resolve('aaaa'));
      await kept.get('b', 'v', () => Promise.resolve('bbbb'));
      kept.clear();
      expect(kept.size).toBe(0);
      expect(kept.heldBytes).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
      expect(await kept.get('a', 'v', () => Promise.resolve('made again'))).toBe('made again');
    });

    it('never lets the idle time of a replaced version drop the version after it', async () => {
      vi.useFakeTimers();
      const kept = new KeptAnswers<string>(100, (answer) => answer.length, 30_000);
      await kept.get('p', 'v1', () => Promise.resolve('old'));
      vi.advanceTimersByTime(20_000);
      await kept.get('p', 'v2', () => Promise.resolve('newer'));
      vi.advanceTimersByTime(15_000); // v1's timer would have fired at 30 s
      expect(kept.heldBytes).toBe(5);
      expect(await kept.get('p', 'v2', () => Promise.resolve('made again'))).toBe('newer');
    });

    it('does not drop an answer still being made, and counts the idle time from when it is made', async () => {
      vi.useFakeTimers();
      const kept = new KeptAnswers<string>(100, (answer) => answer.length, 30_000);
      const build = pending<string>();
      const asked = kept.get('p', 'v', build.make);
      vi.advanceTimersByTime(40_000);
      build.settle('list');
      expect(await asked).toBe('list');
      vi.advanceTimersByTime(20_000);
      expect(await kept.get('p', 'v', build.make)).toBe('list');
      expect(build.calls()).toBe(1);
    });
  });
});

describe('makeFullThumbnailList', () => {
  const bounds = { maxJsonBytes: 100_000, maxBrotliJsonBytes: 10_000 };

  it('joins the streamed JSON and codes it with brotli and gzip', async () => {
    const parts = ['[{"id":1,', '"base64_thumbnail":"', 'QUJD'.repeat(500), '"}]'];
    const list = await makeFullThumbnailList(
      Readable.from(parts.map((part) => Buffer.from(part))),
      1,
      bounds,
    );
    const json = parts.join('');
    expect(list?.total).toBe(1);
    expect(list?.answer.identity.toString()).toBe(json);
    expect(brotliDecompressSync(list!.answer.br!).toString()).toBe(json);
    expect(gunzipSync(list!.answer.gzip!).toString()).toBe(json);
  });

  it('codes JSON over the brotli bound with gzip alone, to hold one copy less', async () => {
    const parts = ['[{"id":1,', '"base64_thumbnail":"', 'QUJD'.repeat(5000), '"}]'];
    const list = await makeFullThumbnailList(
      Readable.from(parts.map((part) => Buffer.from(part))),
      1,
      bounds,
    );
    expect(list?.answer.identity.length).toBeGreaterThan(bounds.maxBrotliJsonBytes);
    expect(list?.answer.br).toBeUndefined();
    expect(gunzipSync(list!.answer.gzip!).toString()).toBe(parts.join(''));
  });

  it('keeps nothing of JSON larger than the bound, and stops reading it', async () => {
    let read = 0;
    const json = Readable.from(
      (function* () {
        for (let chunk = 0; chunk < 100; chunk += 1) {
          read += 1;
          yield Buffer.alloc(1000, 'a');
        }
      })(),
    );
    expect(
      await makeFullThumbnailList(json, 100, { maxJsonBytes: 5000, maxBrotliJsonBytes: 5000 }),
    ).toBeUndefined();
    expect(read).toBeLessThan(100);
    expect(json.destroyed).toBe(true);
  });
});
