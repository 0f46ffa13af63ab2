/* global self, caches, fetch, URL */
/**
 * The app's service worker, written by hand (decisions 0042 and 0183). The build
 * (apps/web/scripts/delivery-build.ts) replaces the two placeholders below with the
 * build's version and the list of files to precache: the app shell ('/', its runtime
 * config), the files the page names (the start modules, the first views' code and styles),
 * the manifest and the icons. The other pages' code is not downloaded ahead.
 *
 * - Hashed assets (/assets/): from the cache (they never change under one name), else the
 *   network, and kept then. The page that registered the worker loaded its files before it
 *   was controlled: it names them once the worker is active (CACHE_URLS), and they are
 *   kept from the browser's HTTP cache.
 * - The page itself ('/', navigations) and /runtime-config.js: the network first, the
 *   cached copy only when the network fails, so the app opens offline.
 * - Anything else, the API above all, is not touched: an answer is never cached, so an
 *   offline app shows that it is offline instead of a stale balance. The API's calls do not
 *   even reach the worker where the browser has static routing (NETWORK_ROUTES).
 * - A new version installs beside the running one and waits; the page offers to reload
 *   and then posts SKIP_WAITING (apps/web/src/app/service-worker-registration.ts).
 */
const VERSION = '__SW_VERSION__';
const PRECACHE = /** @type {string[]} */ (JSON.parse('__SW_PRECACHE__'));
const CACHE = `app-${VERSION}`;
const SHELL = '/';
const RUNTIME_CONFIG = '/runtime-config.js';
const ASSETS = '/assets/';

/**
 * Requests the worker never answers go straight to the network without waking it (the
 * browser's static routing, where it has it): the API's calls (POST, and the GET paths under
 * /api/) are most of what a session asks. A stopped worker otherwise starts for each, which
 * costs the call that start, and keeps a new version waiting for the running one to go idle.
 */
const NETWORK_ROUTES = [
  { condition: { requestMethod: 'POST' }, source: 'network' },
  { condition: { urlPattern: '/api/*' }, source: 'network' },
];

self.addEventListener('install', (event) => {
  // A browser without static routing, or refusing a condition, serves those through the fetch handler.
  const routed = event.addRoutes?.(NETWORK_ROUTES).catch(() => undefined);
  event.waitUntil(Promise.all([routed, caches.open(CACHE).then((cache) => cache.addAll(PRECACHE))]));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('app-') && key !== CACHE).map((key) => caches.delete(key)))),
  );
});

self.addEventListener('message', (event) => {
  if (!event.data) return;
  if (event.data.type === 'SKIP_WAITING') self.skipWaiting();
  if (event.data.type === 'CACHE_URLS' && Array.isArray(event.data.urls)) {
    const urls = event.data.urls.filter(isOwnAsset);
    event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(urls.map((url) => keepIfMissing(cache, url)))));
  }
});

/** A path of this origin's hashed files; anything else a page names is ignored. */
function isOwnAsset(url) {
  if (typeof url !== 'string') return false;
  const parsed = new URL(url, self.location.origin);
  return parsed.origin === self.location.origin && parsed.pathname.startsWith(ASSETS) && !parsed.search;
}

async function keepIfMissing(cache, url) {
  const path = new URL(url, self.location.origin).pathname;
  if (await cache.match(path)) return;
  const response = await fetch(path).catch(() => undefined);
  if (response && response.ok) await cache.put(path, response);
}

async function networkFirst(request, cacheKey) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(CACHE);
      await cache.put(cacheKey, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(cacheKey, { cacheName: CACHE });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && (url.pathname === '/' || url.pathname === '/index.html')) {
    event.respondWith(networkFirst(request, SHELL));
  } else if (url.pathname === RUNTIME_CONFIG) {
    event.respondWith(networkFirst(request, RUNTIME_CONFIG));
  } else if (url.pathname.startsWith(ASSETS) || PRECACHE.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});
