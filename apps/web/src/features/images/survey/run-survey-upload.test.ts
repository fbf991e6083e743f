import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-errors';
import {
  CANCELLED,
  NETWORK_ATTEMPTS,
  runSurveyUpload,
  type SurveySnapshot,
  type SurveyUploadDeps,
} from './run-survey-upload';

/** What each test file holds (jsdom's File cannot be read back), so equal contents hash alike. */
const contents = new WeakMap<Blob, string>();
const file = (name: string, content = name) => {
  const made = new File([content], name, { type: 'image/jpeg' });
  contents.set(made, content);
  return made;
};
const files = (count: number, prefix = 'hull') =>
  Array.from({ length: count }, (_, index) => file(`${prefix}-${String(index).padStart(3, '0')}.jpg`));

/** The server's rules, in memory: all or nothing per request, bad files named; and what was stored. */
function fakeServer(overrides: Partial<SurveyUploadDeps> = {}) {
  const stored: string[] = [];
  const requests: string[][] = [];
  const deps: SurveyUploadDeps = {
    maxFiles: 20,
    maxFileBytes: 1000,
    knownHashes: new Set(),
    hashOf: (blob) => Promise.resolve(`hash-of-${contents.get(blob) ?? blob.name}`),
    send: (batch, onProgress) => {
      requests.push(batch.map((item) => item.name));
      onProgress(50, 100);
      const bad = batch.filter((item) => item.name.startsWith('broken'));
      if (bad.length > 0) {
        const images = bad.map((item) => `${item.name}: the file is not a supported image`);
        return Promise.reject(new ApiError(400, { images }, images.join(' ')));
      }
      stored.push(...batch.map((item) => item.name));
      onProgress(100, 100);
      return Promise.resolve();
    },
    wait: () => Promise.resolve(),
    ...overrides,
  };
  return { deps, stored, requests };
}

const run = (chosen: File[], deps: SurveyUploadDeps, controller = new AbortController()) => {
  const snapshots: SurveySnapshot[] = [];
  return {
    snapshots,
    done: runSurveyUpload(chosen, deps, { signal: controller.signal, onChange: (s) => snapshots.push(s) }),
  };
};

describe('a survey-size upload', () => {
  it('sends 300 files in requests of at most the server limit and reports the broken one by name', async () => {
    const chosen = files(300);
    chosen[137] = file('broken-137.jpg');
    const server = fakeServer();
    const { snapshots, done } = run(chosen, server.deps);
    const result = await done;
    expect(server.stored).toHaveLength(299);
    expect(server.stored).not.toContain('broken-137.jpg');
    expect(Math.max(...server.requests.map((request) => request.length))).toBe(20);
    expect(result.files[137]).toEqual({ kind: 'refused', reason: 'the file is not a supported image' });
    expect(result.files.filter((state) => state.kind === 'stored')).toHaveLength(299);
    expect(result.stoppedBecause).toBeNull();
    expect(result.sentBytes).toBe(result.totalBytes);
    // Progress only moves forward, and the per-file state shows the request in flight.
    const sent = snapshots.map((snapshot) => snapshot.sentBytes);
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
    expect(snapshots.some((snapshot) => snapshot.files[0]!.kind === 'sending')).toBe(true);
  });

  it('skips content the project already holds and content chosen twice, naming why', async () => {
    const server = fakeServer({ knownHashes: new Set(['hash-of-old']) });
    const result = await run([file('a.jpg', 'old'), file('b.jpg', 'new'), file('c.jpg', 'new')], server.deps)
      .done;
    expect(server.stored).toEqual(['b.jpg']);
    expect(result.files).toEqual([
      { kind: 'skipped', reason: 'already in the project' },
      { kind: 'stored' },
      { kind: 'skipped', reason: 'same content as b.jpg' },
    ]);
  });

  it('refuses files over the size limit and empty files without sending them', async () => {
    const server = fakeServer({ maxFileBytes: 2 * 1024 * 1024 });
    const huge = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.tif');
    const result = await run([huge, new File([], 'empty.jpg'), file('ok.jpg')], server.deps).done;
    expect(server.requests).toEqual([['ok.jpg']]);
    expect(result.files.slice(0, 2)).toEqual([
      { kind: 'refused', reason: 'the file is larger than 2 MB' },
      { kind: 'refused', reason: 'the file is empty' },
    ]);
  });

  it('sends a request again after a network failure, waiting longer each time', async () => {
    let failures = 2;
    const waits: number[] = [];
    const server = fakeServer();
    const send = server.deps.send;
    server.deps.send = (batch, onProgress, signal) => {
      if (failures > 0) {
        failures -= 1;
        return Promise.reject(new Error('Network error'));
      }
      return send(batch, onProgress, signal);
    };
    server.deps.wait = (ms) => {
      waits.push(ms);
      return Promise.resolve();
    };
    const result = await run(files(3), server.deps).done;
    expect(waits).toEqual([1000, 2000]);
    expect(server.stored).toHaveLength(3);
    expect(result.stoppedBecause).toBeNull();
  });

  it('does not send a request again whose files arrived though the answer was lost', async () => {
    const server = fakeServer({ maxFiles: 2 });
    const send = server.deps.send;
    let lostOnce = false;
    server.deps.send = async (batch, onProgress, signal) => {
      await send(batch, onProgress, signal);
      if (!lostOnce) {
        // Stored on the server, then the connection dropped before the answer came.
        lostOnce = true;
        throw new Error('Network error');
      }
    };
    server.deps.currentHashes = () =>
      Promise.resolve(new Set(server.stored.map((name) => `hash-of-${name}`)));
    const result = await run(files(4), server.deps).done;
    expect(server.stored).toEqual(['hull-000.jpg', 'hull-001.jpg', 'hull-002.jpg', 'hull-003.jpg']);
    expect(server.requests).toHaveLength(2);
    expect(result.files.every((state) => state.kind === 'stored')).toBe(true);
    expect(result.sentBytes).toBe(result.totalBytes);
  });

  it('stops after repeated network failures, leaving the rest marked to send again', async () => {
    const server = fakeServer({ maxFiles: 2 });
    let calls = 0;
    const send = server.deps.send;
    server.deps.send = (batch, onProgress, signal) => {
      calls += 1;
      return calls === 1 ? send(batch, onProgress, signal) : Promise.reject(new ApiError(503, null, 'down'));
    };
    const result = await run(files(5), server.deps).done;
    expect(calls).toBe(1 + NETWORK_ATTEMPTS);
    expect(result.files.map((state) => state.kind)).toEqual([
      'stored',
      'stored',
      'not-sent',
      'not-sent',
      'not-sent',
    ]);
    expect(result.stoppedBecause).toContain(`failed ${NETWORK_ATTEMPTS} times`);
    expect(result.files[2]).toMatchObject({
      reason: expect.stringContaining('files already stored are skipped'),
    });
  });

  it('finds the bad files one by one when the refusal does not name them', async () => {
    const server = fakeServer();
    server.deps.send = (batch) => {
      server.requests.push(batch.map((item) => item.name));
      if (
        batch.some((item) => item.name === 'x/a.jpg' && batch.length > 1) ||
        batch[0]!.name.startsWith('bad')
      ) {
        return Promise.reject(new ApiError(400, { images: ['a.jpg: unreadable'] }, 'refused'));
      }
      server.stored.push(...batch.map((item) => item.name));
      return Promise.resolve();
    };
    const result = await run([file('x/a.jpg', '1'), file('bad/a.jpg', '2'), file('c.jpg')], server.deps).done;
    expect(server.requests).toEqual([
      ['x/a.jpg', 'bad/a.jpg', 'c.jpg'],
      ['x/a.jpg'],
      ['bad/a.jpg'],
      ['c.jpg'],
    ]);
    expect(result.files).toEqual([
      { kind: 'stored' },
      { kind: 'refused', reason: 'unreadable' },
      { kind: 'stored' },
    ]);
  });

  it('stops at once when the project is gone, and goes on past a request the server failed', async () => {
    const gone = fakeServer({ maxFiles: 1 });
    gone.deps.send = () => Promise.reject(new ApiError(404, { detail: 'Not found.' }, 'Not found.'));
    const stopped = await run(files(3), gone.deps).done;
    expect(stopped.stoppedBecause).toBe('Not found.');
    expect(stopped.files.every((state) => state.kind === 'not-sent')).toBe(true);

    const flaky = fakeServer({ maxFiles: 1 });
    const send = flaky.deps.send;
    let calls = 0;
    flaky.deps.send = (batch, onProgress, signal) => {
      calls += 1;
      return calls === 1
        ? Promise.reject(new ApiError(500, null, 'Internal Server Error'))
        : send(batch, onProgress, signal);
    };
    const result = await run(files(3), flaky.deps).done;
    expect(result.files.map((state) => state.kind)).toEqual(['not-sent', 'stored', 'stored']);
  });

  it('on cancel sends nothing more and marks what was not stored', async () => {
    const controller = new AbortController();
    const server = fakeServer({ maxFiles: 2 });
    const send = server.deps.send;
    server.deps.send = (batch, onProgress, signal) => {
      if (server.requests.length === 1) {
        // The second request is in flight when the user cancels: the client aborts it.
        controller.abort();
        return Promise.reject(new Error('Upload cancelled'));
      }
      return send(batch, onProgress, signal);
    };
    const result = await run(files(6), server.deps, controller).done;
    expect(server.stored).toEqual(['hull-000.jpg', 'hull-001.jpg']);
    expect(result.stoppedBecause).toBe(CANCELLED);
    expect(result.files.slice(2)).toEqual(
      Array.from({ length: 4 }, () => ({ kind: 'not-sent', reason: CANCELLED })),
    );
  });
});
