// Builds the packable CLI: one ESM file with the client and the contract inside (neither is
// published on its own); its npm dependencies (commander, cli-progress, zod) stay dependencies.
import { build } from 'esbuild';

const here = new URL('.', import.meta.url);

await build({
  entryPoints: [new URL('src/main.ts', here).pathname],
  outfile: new URL('dist/hullscope.js', here).pathname,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  conditions: ['source'],
  external: ['commander', 'cli-progress', 'zod'],
  logLevel: 'warning',
});
