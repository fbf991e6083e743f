import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../fixtures/many-sqlite-statements.ts', import.meta.url));

describe('the SQLite driver on this Node', () => {
  it('is the Node-API build where Node-API 10 exists, and survives thousands of collected statements', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const [loaded, nodeApi] = run.stdout.trim().split(' ');
    expect(loaded).toBe(Number(nodeApi) >= 10 ? 'napi' : 'classic');
  });
});
