import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withLaterTexts } from '../i18n';

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

export interface LazyPageBody {
  /** Stable for the page's lifetime; renders whatever the latest load attempt gives. */
  Component: ComponentType;
  /** Forgets a failed attempt so the next render loads the chunk afresh. */
  retry(): void;
  /** Starts downloading the chunk before the page renders; a failure shows when it does. */
  preload(): void;
}

/**
 * `firstScreen`: the page shows with the first part of the texts (i18n/texts.ts); every other page's chunk
 * also waits for the later part, so it never shows a text that has not arrived.
 */
export function lazyPageBody(loadChunk: Loader, { firstScreen = false } = {}): LazyPageBody {
  const load = firstScreen ? loadChunk : withLaterTexts(loadChunk);
  const attempt = () => lazy(() => withTimeout(load(), PAGE_LOAD_TIMEOUT_MS));
  let Current: LazyExoticComponent<ComponentType> = attempt();
  return {
    Component: function PageBody() {
      return createElement(Current);
    },
    retry() {
      Current = attempt();
    },
    preload() {
      // The browser keeps the module it fetched: the render's own import finds it there.
      load().catch(() => undefined);
    },
  };
}
