// First: before any module that may bring zod (the CSP allows no eval).
import './app/zod-jitless.ts';
import 'antd-mobile/es/global';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { APP_CONFIG_INVALID } from '@app/contract/messages/app-shell.ts';
import { enableAntdOnReact19 } from './app/antd-react19.ts';
import { App } from './app/app.tsx';
import { applyLaunch } from './app/launch.ts';
import { applyTraditionalChineseLocale } from './app/locale.ts';
import { registerServiceWorker } from './app/service-worker-registration.ts';
import { preloadRequestCore } from './shared/api/request.ts';
import './app/global.css';

enableAntdOnReact19();
applyTraditionalChineseLocale();

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
const root = createRoot(container);

applyLaunch();
root.render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Offline start and updates; not under `vite dev`, whose modules are not hashed files.
if (import.meta.env.PROD) registerServiceWorker();

// The protocol chunk validates the server-injected config as soon as it arrives; a
// server that injected none (or a bad one) gets a message instead of a broken app.
preloadRequestCore()
  .then((core) => core.assertRuntimeConfig())
  .catch((error: unknown) => {
    if (error instanceof Error && error.name === 'RuntimeConfigError') {
      root.render(<p className="fatal">{APP_CONFIG_INVALID}</p>);
      throw error;
    }
  });
