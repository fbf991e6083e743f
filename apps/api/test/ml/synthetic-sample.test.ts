import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const mlDir = fileURLToPath(new URL('../../../../ml', import.meta.url));

/** The ml/ toolchain's Python (its venv, else a system Python with numpy and OpenCV), or null. */
function findPython(): string | null {
  const candidates = [path.join(mlDir, '.venv/bin/python'), 'python3'];
  for (const candidate of candidates) {
    if (candidate.includes('/') && !existsSync(candidate)) continue;
    const probe = spawnSync(candidate, ['-c', 'import numpy, cv2'], { stdio: 'ignore' });
    if (probe.status === 0) return candidate;
  }
  return null;
}

const python = findPython();
if (!python) {
  console.warn(
    'synthetic sample determinism: skipped, no Python with numpy and OpenCV (see ml/README.md to set it up)',
  );
}

let dir: string | undefined;
afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

async function sample(seed: number, name: string): Promise<{ image: Buffer; mask: Buffer }> {
  dir ??= await mkdtemp(path.join(tmpdir(), 'hullscope-synth-'));
  const out = path.join(dir, `${name}.png`);
  await run(
    python!,
    ['-m', 'hullsynth.sample', '--seed', String(seed), '--out', out, '--size', '96', '128'],
    { cwd: mlDir },
  );
  return { image: await readFile(out), mask: await readFile(path.join(dir, `${name}_mask.png`)) };
}

describe.skipIf(!python)('synthetic hull generator (ml/)', () => {
  it('writes the same image and mask bytes for the same seed, and another picture for another seed', async () => {
    const first = await sample(4242, 'first');
    const again = await sample(4242, 'again');
    const other = await sample(4243, 'other');
    expect(again.image.equals(first.image)).toBe(true);
    expect(again.mask.equals(first.mask)).toBe(true);
    expect(other.image.equals(first.image)).toBe(false);

    const metadata = await sharp(first.mask).metadata();
    expect([metadata.width, metadata.height, metadata.channels]).toEqual([128, 96, 1]);
    const mask = await sharp(first.mask).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    expect(Math.max(...mask.data)).toBeLessThanOrEqual(5);
  }, 120_000);
});
