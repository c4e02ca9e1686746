import type { LiveEventData, LiveEventType } from '@wallet/contract/events';
import { LIVE_EVENT_TYPES, readLiveEventData } from './live-event-guard';
import { reconnectDelayMs } from './reconnect-delay';

export type LiveEvent = { [T in LiveEventType]: { type: T; data: LiveEventData<T> } }[LiveEventType];

/** What the connection needs of an EventSource (the browser's, or a test's). */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface LiveConnectionOptions {
  /** A new single-use ticket; a rejection is retried later, unless `isFinal` says it never will succeed (signed out). */
  fetchTicket: () => Promise<string>;
  isFinal?: (error: unknown) => boolean;
  openSource: (url: string) => EventSourceLike;
  /** Each event whose data the contract's schema accepts; others are dropped. */
  onEvent: (event: LiveEvent) => void;
  /** What was missed cannot be told: everything shown may be stale. */
  onReset: () => void;
  /** The stream opened (true) or is down (false). */
  onState: (up: boolean) => void;
  random?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** The stream's URL: relative to the page (the app runs from any folder), with where to resume from. */
export function streamUrl(ticket: string, lastEventId: string | undefined): string {
  const query = new URLSearchParams({ ticket });
  if (lastEventId !== undefined) query.set('lastEventId', lastEventId);
  return `api/events?${query.toString()}`;
}

/** An event's data if it is what the contract says that event carries; undefined otherwise. */
export function parseLiveEvent(type: LiveEventType, text: string): LiveEvent | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const checked = readLiveEventData(type, data);
  return checked ? ({ type, data: checked } as LiveEvent) : undefined;
}

/**
 * One live-results stream that stays open: a ticket, then an EventSource on
 * it. The browser's own reconnect would reuse the spent ticket, so on any
 * error the source is closed and, after a growing delay with jitter, a new
 * ticket opens a new one that resumes after the last event seen
 * (`lastEventId`). A stream that has to start over says so with `reset`;
 * a reconnect with no event seen yet cannot resume, and counts as one.
 */
export function openLiveConnection(options: LiveConnectionOptions): { close: () => void } {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let source: EventSourceLike | undefined;
  let timer: unknown;
  let closed = false;
  let failures = 0;
  let lastEventId: string | undefined;
  let opened = false;
  let missedUntold = false;

  const seen = (event: MessageEvent<string>) => {
    if (event.lastEventId) lastEventId = event.lastEventId;
  };

  function retryLater() {
    if (closed) return;
    timer = setTimer(() => void connect(), reconnectDelayMs(failures, options.random));
    failures += 1;
  }

  async function connect() {
    timer = undefined;
    let ticket: string;
    try {
      ticket = await options.fetchTicket();
    } catch (error) {
      if (options.isFinal?.(error)) return;
      retryLater();
      return;
    }
    if (closed) return;
    const current = options.openSource(streamUrl(ticket, lastEventId));
    source = current;
    current.onopen = () => {
      failures = 0;
      options.onState(true);
      if (missedUntold) {
        missedUntold = false;
        options.onReset();
      }
      opened = true;
    };
    current.onerror = () => {
      current.close();
      if (source !== current) return;
      source = undefined;
      options.onState(false);
      if (opened && lastEventId === undefined) missedUntold = true;
      retryLater();
    };
    for (const type of LIVE_EVENT_TYPES) {
      current.addEventListener(type, (event) => {
        seen(event);
        const parsed = parseLiveEvent(type, event.data);
        if (parsed) options.onEvent(parsed);
      });
    }
    current.addEventListener('reset', (event) => {
      seen(event);
      options.onReset();
    });
  }

  void connect();
  return {
    close() {
      closed = true;
      if (timer !== undefined) clearTimer(timer);
      source?.close();
      source = undefined;
      options.onState(false);
    },
  };
}
