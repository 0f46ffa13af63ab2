import type { RUNTIME_CONFIG_GLOBAL, TRuntimeConfig } from '@app/contract/runtime-config.ts';

/**
 * The contract's runtime-config module builds a zod schema when imported; this file
 * must stay free of it (see productName), so it only borrows the global's name as a type.
 */
export const CONFIG_GLOBAL: typeof RUNTIME_CONFIG_GLOBAL = '__APP_CONFIG__';

declare global {
  interface Window {
    [CONFIG_GLOBAL]?: unknown;
  }
}

/**
 * `vite dev` serves index.html without the server's injection; these values match the
 * API's development defaults (its built-in dev key is public and refused in production).
 * Only dev builds use them.
 */
export function devConfig(): TRuntimeConfig {
  return {
    productName: '小安貸',
    packageName: 'tw.xiaoan.loan',
    cipherKey: 'fW8NDjUFxK6pMNyyqx23mejDzKUjcNnUJjhpwnFVad4=',
    apiBase: '',
  };
}

/**
 * The product name for titles, read without the zod schema so the first render does not
 * wait for the protocol chunk; the request layer validates the whole config
 * (runtime-config.ts) as soon as it loads.
 */
export function productName(): string {
  // globalThis: the window in the browser; on the server the first view's renderer sets it.
  const injected = (globalThis as { [CONFIG_GLOBAL]?: unknown })[CONFIG_GLOBAL];
  if (injected === undefined && import.meta.env.DEV) return devConfig().productName;
  if (typeof injected === 'object' && injected !== null && 'productName' in injected) {
    const name = injected.productName;
    if (typeof name === 'string') return name;
  }
  return '';
}
