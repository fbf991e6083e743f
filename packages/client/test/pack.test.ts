import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPacked, repositoryRoot, run } from './packed-package.js';

let installed: { folder: string; files: string[] };
beforeAll(async () => {
  installed = await installPacked('packages/client', 'dist/index.d.ts');
}, 300_000);
afterAll(() => rm(installed.folder, { recursive: true, force: true }));

describe('the packed @hullscope/client', () => {
  it('holds only its built files: one ESM bundle and one declaration file', () => {
    expect(installed.files.sort()).toEqual([
      'dist/index.d.ts',
      'dist/index.js',
      'dist/index.js.map',
      'package.json',
    ]);
  });

  it('imports in a project outside the repository and builds requests from the contract', async () => {
    const script = `
      import { createHullscopeClient, routes, HullscopeNetworkError } from '@hullscope/client';
      const client = createHullscopeClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'hsk_x' });
      const methods = ['listProjects', 'getRequest', 'uploadImages', 'uploadSurvey', 'download'];
      const missing = methods.filter((name) => typeof client[name] !== 'function');
      let error;
      try { await client.listProjects(); } catch (caught) { error = caught; }
      console.log(JSON.stringify({
        missing,
        routes: Object.keys(routes).length,
        network: error instanceof HullscopeNetworkError,
      }));
    `;
    await writeFile(path.join(installed.folder, 'check.mjs'), script);
    const { stdout } = await run(process.execPath, ['check.mjs'], { cwd: installed.folder });
    const result = JSON.parse(stdout) as { missing: string[]; routes: number; network: boolean };
    expect(result).toEqual({ missing: [], routes: expect.any(Number), network: true });
    expect(result.routes).toBeGreaterThan(50);
  });

  it('gives TypeScript users the contract’s types: answers typed, wrong arguments refused', async () => {
    const source = `
      import { createHullscopeClient, type Project } from '@hullscope/client';
      const client = createHullscopeClient({ baseUrl: 'http://localhost:8000', apiKey: 'hsk_x' });
      export async function names(): Promise<string[]> {
        const projects: Project[] = await client.listProjects();
        const status = await client.getRequest({ params: { requestId: 1 } });
        const done: number = status.progress.done;
        // @ts-expect-error a project has no field "title"
        projects[0]?.title;
        // @ts-expect-error getProject needs its path parameter
        await client.getProject();
        return projects.map((project) => project.name + done);
      }
    `;
    await writeFile(path.join(installed.folder, 'check.ts'), source);
    await writeFile(
      path.join(installed.folder, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
        },
        files: ['check.ts'],
      }),
    );
    const tsc = path.join(repositoryRoot, 'node_modules/typescript/bin/tsc');
    const checked = await run(process.execPath, [tsc, '-p', '.'], { cwd: installed.folder }).then(
      () => ({ ok: true, output: '' }),
      (error: { stdout: string }) => ({ ok: false, output: error.stdout }),
    );
    expect(checked.output).toBe('');
    expect(checked.ok).toBe(true);
  });
});
