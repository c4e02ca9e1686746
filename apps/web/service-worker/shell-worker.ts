/// <reference lib="webworker" />
/*
 * The app's service worker: keeps the built app (its page, scripts and
 * styles) so it starts without a network, and keeps nothing else. Every
 * other request (the API, uploads, the live-results stream, the console) is
 * not answered here at all, so it goes to the network as if there were no
 * worker and never lands in a cache.
 */

/** Written by the build (shell-worker-plugin.ts) above this file: the build's files, and a version that changes with any of them. */
declare const SHELL: { version: string; files: string[] };

const worker = self as unknown as ServiceWorkerGlobalScope;

const CACHE_PREFIX = 'wallet-shell-';
const cacheName = `${CACHE_PREFIX}${SHELL.version}`;
const scope = new URL(worker.registration.scope);
const indexUrl = new URL('index.html', scope).href;
const shellUrls = new Set(SHELL.files.map((file) => new URL(file, scope).href));

worker.addEventListener('install', (event) => {
  // The page asks past the browser's cache: it carries the server's configuration of this moment.
  const requests = SHELL.files.map((file) => new Request(new URL(file, scope), { cache: file === 'index.html' ? 'no-cache' : 'default' }));
  event.waitUntil(caches.open(cacheName).then((cache) => cache.addAll(requests)));
});

worker.addEventListener('activate', (event) => {
  const outdated = caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName).map((name) => caches.delete(name))));
  // The first worker takes the page that installed it, so that page already starts offline next time.
  event.waitUntil(outdated.then(() => worker.clients.claim()));
});

/** The app's page for an opening of the app (any address of the scope itself), a kept file, or nothing. */
function keptUrl(request: Request): string | undefined {
  if (request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  if (request.mode === 'navigate') return url.pathname === scope.pathname || url.href.split('?')[0] === indexUrl ? indexUrl : undefined;
  const href = url.href.split('#')[0]!;
  return shellUrls.has(href) ? href : undefined;
}

worker.addEventListener('fetch', (event) => {
  const url = keptUrl(event.request);
  if (!url) return;
  event.respondWith(
    caches
      .open(cacheName)
      .then((cache) => cache.match(url))
      .then((kept) => kept ?? fetch(event.request)),
  );
});

// A new build waits until the user agrees to reload (the app's update prompt).
worker.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') void worker.skipWaiting();
});
