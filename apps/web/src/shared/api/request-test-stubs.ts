import { vi } from 'vitest';

/**
 * What the request layer reads of the browser, for unit tests without a DOM: the runtime
 * config, localStorage (a Map), the location and fetch (a mock). Call `install()` in a
 * `beforeEach` and `reset()` in an `afterEach`.
 */
export function requestLayerStubs(options: { cipherKey: string; session: Record<string, string>; route: string }) {
  const storage = new Map<string, string>();
  const location = { hash: '', href: '' };
  const fetchMock = vi.fn<typeof fetch>();
  return {
    storage,
    location,
    fetchMock,
    install() {
      storage.clear();
      for (const [key, value] of Object.entries(options.session)) storage.set(key, value);
      location.hash = `#${options.route}`;
      location.href = `http://app.test/#${options.route}`;
      vi.stubGlobal('window', {
        __APP_CONFIG__: { productName: '小安貸', packageName: 'tw.test', cipherKey: options.cipherKey, apiBase: '' },
        localStorage: {
          getItem: (key: string) => storage.get(key) ?? null,
          setItem: (key: string, value: string) => storage.set(key, value),
          removeItem: (key: string) => storage.delete(key),
        },
        location,
      });
      vi.stubGlobal('fetch', fetchMock);
    },
    reset() {
      vi.unstubAllGlobals();
      fetchMock.mockReset();
    },
  };
}
