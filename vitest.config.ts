import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const webSource = fileURLToPath(new URL('./apps/web/src/', import.meta.url));

// Resolve workspace packages to their TypeScript sources (the "source" export condition),
// so tests never depend on a stale build.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'contract', include: ['packages/contract/test/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          // The packed client and CLI (npm pack, installed in a temporary folder); `npm run build` first.
          name: 'client',
          include: ['packages/{client,cli}/test/**/*.test.ts'],
          testTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        plugins: [react()],
        resolve: { alias: [{ find: /^@\//, replacement: webSource }] },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // Playwright (playwright-core + Debian Chromium) against the built product; `npm run build` first.
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 240_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
