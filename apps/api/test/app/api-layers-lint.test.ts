import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The layer errors ESLint reports for `fixture` linted as if it were at `asPath`. */
async function layerErrors(fixture: string, asPath: string) {
  const code = await readFile(new URL(`../fixtures/layers/${fixture}`, import.meta.url), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: `${root}${asPath}` });
  return result!.messages
    .filter((message) => message.ruleId?.startsWith('no-restricted-'))
    .map((message) => ({ line: message.line, severity: message.severity }));
}

describe('the API layers are enforced by lint (docs/architecture.md, Layers)', () => {
  it('fails a feature that imports app.ts', async () => {
    expect(
      await layerErrors('feature-imports-app.ts', 'apps/api/src/features/projects/build-another-app.ts'),
    ).toEqual([{ line: 3, severity: 2 }]);
  });

  it("fails a feature that makes its own router, and allows the router's REPLY_SENT", async () => {
    expect(
      await layerErrors('feature-makes-router.ts', 'apps/api/src/features/projects/own-router.ts'),
    ).toEqual([{ line: 3, severity: 2 }]);
  });

  it('fails a repository that imports a service or http/', async () => {
    expect(
      await layerErrors(
        'repository-imports-service.ts',
        'apps/api/src/features/projects/projects.repository.ts',
      ),
    ).toEqual([
      { line: 3, severity: 2 },
      { line: 4, severity: 2 },
    ]);
  });

  it('fails an adapter that imports a feature', async () => {
    expect(await layerErrors('storage-imports-feature.ts', 'apps/api/src/storage/image-owner.ts')).toEqual([
      { line: 2, severity: 2 },
    ]);
  });

  it('fails a route that opens a transaction', async () => {
    expect(
      await layerErrors('route-opens-transaction.ts', 'apps/api/src/features/projects/projects.routes.ts'),
    ).toEqual([{ line: 7, severity: 2 }]);
  });

  it('fails config.ts writing a file', async () => {
    expect(await layerErrors('config-writes-file.ts', 'apps/api/src/config.ts')).toEqual([
      { line: 2, severity: 2 },
    ]);
  });

  it('passes the same imports where the layers allow them: an entry may build the app', async () => {
    expect(await layerErrors('feature-imports-app.ts', 'apps/api/src/cli/build-another-app.ts')).toEqual([]);
  });
});
