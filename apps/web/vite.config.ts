import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdMobileTraditional } from './scripts/antd-mobile-traditional.ts';
import { deliveryBuild } from './scripts/delivery-build.ts';

// `vite dev` proxies the API to a locally running server (npm run start -w apps/api).
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ command }) => {
  // The build is always a production build, whatever NODE_ENV the shell has (the
  // README's default is development): React's development bundle is half as big again.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    base: '/',
    mode: command === 'build' ? 'production' : undefined,
    plugins: [antdMobileTraditional(), react(), deliveryBuild()],
    define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
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
  };
});
