/**
 * antd-mobile's render helper for React 19 (decision 0171): the library's
 * `es/utils/unstable-render.js` imports `./render`, which re-exports rc-util's legacy
 * ReactDOM.render (gone in React 19) with Babel's regenerator runtime. This Vite step
 * resolves that import to src/shared/ui/antd-render-react19.ts (createRoot per container),
 * so Toast, Dialog and Modal work from the start with nothing set at run time, and the
 * legacy helper is not in the first load. The build fails if the library stopped importing
 * it (a newer version), instead of silently shipping the legacy one again.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

const UNSTABLE_RENDER = /antd-mobile[\\/]es[\\/]utils[\\/]unstable-render\.js$/;
export const REACT19_RENDER = path.resolve(import.meta.dirname, '../src/shared/ui/antd-render-react19.ts');

export function antdMobileReact19Render(): Plugin {
  let replaced = false;
  return {
    name: 'antd-mobile-react19-render',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== './render' || !importer || !UNSTABLE_RENDER.test(importer.split('?')[0] ?? importer)) return null;
      replaced = true;
      return REACT19_RENDER;
    },
    buildEnd(error) {
      if (!error && !replaced && this.environment.config.consumer === 'client') {
        this.error("antd-mobile's utils/unstable-render.js no longer imports ./render: check its React 19 render");
      }
    },
  };
}
