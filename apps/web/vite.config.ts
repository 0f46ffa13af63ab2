import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdMobileReact19Render } from './scripts/antd-mobile-render.ts';
import { antdMobileTraditional } from './scripts/antd-mobile-traditional.ts';
import { deliveryBuild } from './scripts/delivery-build.ts';

// `vite dev` proxies the API to a locally running server (npm run start -w apps/api).
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ command, isSsrBuild }) => {
  // The build is always a production build, whatever NODE_ENV the shell has (the
  // README's default is development): React's development bundle is half as big again.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    base: '/',
    // The server build copies no public files (icons, the service worker): it is not served.
    publicDir: isSsrBuild ? false : 'public',
    mode: command === 'build' ? 'production' : undefined,
    // The server build has no index.html, service worker or precompressed files.
    plugins: [antdMobileTraditional(), antdMobileReact19Render(), react(), ...(isSsrBuild ? [] : [deliveryBuild()])],
    define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    resolve: {
      // The workspace root hoists React 18 (a transitive dependency); antd-mobile, hoisted
      // beside it, would bundle that second React. One React 19 for everything.
      dedupe: ['react', 'react-dom'],
    },
    // The server build bundles its dependencies too (React 19 included, see dedupe): the
    // API server imports one file, with no TSX and no second React resolved at run time.
    ssr: { noExternal: true },
    build: isSsrBuild
      ? // `vite build --ssr src/first-view-server.tsx` (package.json): the API server imports dist-ssr/first-view-server.js.
        { outDir: 'dist-ssr', target: 'node20', emptyOutDir: true, minify: false }
      : {
          manifest: true,
          // Safari 14-15 (iOS 14-15) run the app: their class fields break on minified code
          // (WebKit bug 236843), so fields are rewritten; a later target saves 1.4 KB of the
          // loans page's initial JS but loses those phones (decision 0195).
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
