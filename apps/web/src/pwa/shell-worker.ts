/**
 * The app's service worker (apps/web/service-worker): it keeps the build so
 * the app starts offline, and installs a new build beside the running one,
 * which waits until the user agrees to reload.
 */

const WORKER_URL = './sw.js';
/** An app left open all day still hears of a new build: asked on coming back to it, and every hour. */
const CHECK_EVERY_MS = 60 * 60_000;

const supported = 'serviceWorker' in navigator;

/** This start came from the server, not from a kept build: it runs the newest build the server has. */
export const startedFromNetwork = !supported || !navigator.serviceWorker.controller;

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function offer(worker: ServiceWorker): void {
  // Without a controller this is the first worker, already the running build.
  if (worker.state !== 'installed' || !navigator.serviceWorker.controller) return;
  waiting = worker;
  for (const listener of listeners) listener();
}

function watch(registration: ServiceWorkerRegistration): void {
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => offer(installing));
  });
  const check = () => void registration.update().catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  setInterval(check, CHECK_EVERY_MS);
}

/** Registers once the page has loaded: the worker's downloads never compete with the first screen's. */
export function registerShellWorker(): void {
  if (!supported) return;
  // A browser that refuses workers (a policy, a private window) may answer nothing rather than fail.
  const register = () =>
    void navigator.serviceWorker.register(WORKER_URL).then(
      (registration: ServiceWorkerRegistration | undefined) => registration && watch(registration),
      () => undefined,
    );
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

export const newBuild = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A new build is installed and waits for a reload. */
  ready: () => waiting !== null,
};

function whenInstalled(worker: ServiceWorker | null): Promise<ServiceWorker | null> {
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const settle = () => {
      if (worker.state === 'installed') resolve(worker);
      else if (worker.state !== 'installing') resolve(null);
    };
    worker.addEventListener('statechange', settle);
    settle();
  });
}

/**
 * Reloads into the newest build: asks the server for it first (it may have
 * come since the prompt), lets the waiting worker take over, and reloads once
 * it has. Without a new build, a plain reload.
 */
export async function reloadIntoNewBuild(): Promise<void> {
  const registration = supported ? await navigator.serviceWorker.getRegistration() : undefined;
  await registration?.update().catch(() => undefined);
  const worker = registration?.waiting ?? (await whenInstalled(registration?.installing ?? null));
  if (!worker || !navigator.serviceWorker.controller) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage('skip-waiting');
}
