// Builds the packable client (after `tsc -b packages/contract`, whose declarations it reads): one ESM file with the contract inside (the contract is not published
// on its own) and one declaration file with the contract's types inlined; zod stays a dependency.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url);
const require = createRequire(import.meta.url);

await build({
  entryPoints: [new URL('src/index.ts', here).pathname],
  outfile: new URL('dist/index.js', here).pathname,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  conditions: ['source'],
  external: ['zod'],
  sourcemap: true,
  logLevel: 'warning',
});

execFileSync(
  process.execPath,
  [
    require.resolve('dts-bundle-generator/dist/bin/dts-bundle-generator.js'),
    '--project',
    new URL('tsconfig.build.json', here).pathname,
    '--external-inlines',
    '@hullscope/contract',
    '--no-banner',
    '--no-check',
    '-o',
    new URL('dist/index.d.ts', here).pathname,
    new URL('src/index.ts', here).pathname,
  ],
  { stdio: 'inherit' },
);
