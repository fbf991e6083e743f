import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev` serves the app with hot reload and forwards API calls to the API on port 8000.
export default defineConfig({
  plugins: [react()],
  resolve: {
    conditions: ['source'],
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }],
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One bundle (React, MUI, the contract's zod schemas) is about 300 kB gzipped: fine for a signed-in
    // business app, so the default 500 kB warning is raised instead of splitting routes.
    chunkSizeWarningLimit: 1500,
  },
});
