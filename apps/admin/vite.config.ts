import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `vite dev` proxies the admin API to a locally running server (npm start).
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/** The back office console: served by the API server under /admin, its own chunked build. */
export default defineConfig(({ command }) => {
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    base: '/admin/',
    mode: command === 'build' ? 'production' : undefined,
    plugins: [react()],
    define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    resolve: { dedupe: ['react', 'react-dom'] },
    build: {
      target: 'es2022',
      chunkSizeWarningLimit: 1200,
      rolldownOptions: {
        output: {
          // The framework and the UI library change rarely: their own long-cached chunks.
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
              { name: 'antd', test: /node_modules[\\/](antd|@ant-design|rc-[^\\/]+|@rc-component)[\\/]/ },
            ],
          },
        },
      },
    },
    server: { proxy: { '/admin/api': apiTarget } },
  };
});
