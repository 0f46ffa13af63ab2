import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `vite dev` proxies the API to a locally running server (npm run start -w apps/api).
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    // The workspace root hoists React 18 (a transitive dependency); antd-mobile, hoisted
    // beside it, would bundle that second React. One React 19 for everything.
    dedupe: ['react', 'react-dom'],
  },
  build: {
    manifest: true,
    target: 'es2020',
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/auth': apiTarget,
    },
  },
});
