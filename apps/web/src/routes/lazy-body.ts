import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page whose chunk has not arrived by then shows the load error with retry. */
export const PAGE_LOAD_TIMEOUT_MS = 60_000;

export class PageLoadTimeout extends Error {
  constructor() {
    super('page load timed out');
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

type Loader = () => Promise<{ default: ComponentType }>;

const cache = new Map<Loader, LazyExoticComponent<ComponentType>>();

/** One lazy component per page, made once; `retry` drops a failed one so the next render loads afresh. */
export const lazyBodies = {
  get(load: Loader): LazyExoticComponent<ComponentType> {
    let component = cache.get(load);
    if (!component) {
      component = lazy(() => withTimeout(load(), PAGE_LOAD_TIMEOUT_MS));
      cache.set(load, component);
    }
    return component;
  },
  retry(load: Loader): void {
    cache.delete(load);
  },
};
