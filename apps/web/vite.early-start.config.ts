import { defineConfig, type UserConfig } from 'vite';

/**
 * The early start (src/early-start.ts, decision 0194) as one file of its own, built before
 * the app (`npm run build`): a session's page runs it beside the app's entry, and it
 * must not share a chunk with the entry — a shared chunk would be one more file for every
 * visitor's first view, and about 0.5 KB more of its initial JS (gzip compresses split files
 * less well). So it is its own build: one ES module with its own copy of what it uses (the
 * cipher, the route names, the storage reader), handing its answers to the app through a
 * global (shared/api/early-answers.ts). The app's build copies it into its assets
 * (scripts/delivery-build.ts).
 */
export default defineConfig((): UserConfig => {
  process.env.NODE_ENV = 'production';
  return {
    base: '/',
    publicDir: false,
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: 'dist-early',
      emptyOutDir: true,
      manifest: true,
      // As the app's build (vite.config.ts).
      target: 'es2020',
      rollupOptions: {
        input: { 'early-start': 'src/early-start.ts' },
        output: { format: 'es', codeSplitting: false, entryFileNames: 'assets/[name]-[hash].js' },
      },
    },
  };
});
