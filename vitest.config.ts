import { defineConfig } from 'vitest/config';

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
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
