import { describe, expect, it, vi } from 'vitest';
import { openLiveConnection, type EventSourceLike, type LiveEvent } from './live-connection';
import { RECONNECT_MAX_MS, reconnectDelayMs } from './reconnect-delay';

/** An EventSource the test drives: it opens, sends events and fails when told. */
class FakeSource implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  send(type: string, id: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data, lastEventId: id }));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
}

const BALANCE = { cause: 'recharge_approved', reference: 'R1', balance: '10.00', freeze: '0.00', coin: 0 };

function harness(fetchTicket?: () => Promise<string>) {
  const sources: FakeSource[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const events: LiveEvent[] = [];
  const states: boolean[] = [];
  const onReset = vi.fn();
  let tickets = 0;
  const connection = openLiveConnection({
    fetchTicket: fetchTicket ?? (async () => `ticket-${++tickets}`),
    isFinal: (error) => error === 'signed out',
    openSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    onEvent: (event) => events.push(event),
    onReset,
    onState: (up) => states.push(up),
    random: () => 0.5,
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => timers.splice(0),
  });
  /** Runs the reconnect that is due, as its timer would. */
  const elapse = async () => {
    const timer = timers.shift();
    if (!timer) throw new Error('no reconnect scheduled');
    timer.run();
    await vi.waitFor(() => expect(sources.length).toBeGreaterThan(0));
  };
  return { connection, sources, timers, events, states, onReset, elapse, latest: () => sources[sources.length - 1]! };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the live-results connection', () => {
  it('opens the stream with a ticket, and after an error reopens it with a new ticket from the last event seen', async () => {
    const live = harness();
    await settle();
    expect(live.latest().url).toBe('api/events?ticket=ticket-1');
    live.latest().open();
    live.latest().send('balance', '41', JSON.stringify(BALANCE));
    live.latest().send('notice', '42', JSON.stringify({ id: 'n1', publishAt: 5 }));
    expect(live.events.map((event) => event.type)).toEqual(['balance', 'notice']);

    live.latest().fail();
    expect(live.sources[0]!.closed).toBe(true);
    expect(live.states).toEqual([true, false]);
    expect(live.timers).toHaveLength(1);
    await live.elapse();
    await settle();
    expect(live.sources).toHaveLength(2);
    expect(live.latest().url).toBe('api/events?ticket=ticket-2&lastEventId=42');
    live.latest().open();
    expect(live.states).toEqual([true, false, true]);
    // Resumed from an id: nothing was lost, nothing is read again.
    expect(live.onReset).not.toHaveBeenCalled();
  });

  it('waits longer after each failure, with jitter, up to a cap, and from the start again once a stream opened', async () => {
    const live = harness();
    await settle();
    const delays: number[] = [];
    for (let failure = 0; failure < 8; failure += 1) {
      live.latest().fail();
      delays.push(live.timers[0]!.ms);
      await live.elapse();
      await settle();
    }
    expect(delays).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((attempt) => reconnectDelayMs(attempt, () => 0.5)));
    expect(delays[1]!).toBeGreaterThan(delays[0]!);
    expect(Math.max(...delays)).toBeLessThanOrEqual(RECONNECT_MAX_MS);
    live.latest().open();
    live.latest().fail();
    expect(live.timers[0]!.ms).toBe(delays[0]);
  });

  it('spreads each delay between half and all of its ceiling', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(500);
    expect(reconnectDelayMs(0, () => 1)).toBe(1000);
    expect(reconnectDelayMs(3, () => 0)).toBe(4000);
    expect(reconnectDelayMs(50, () => 1)).toBe(RECONNECT_MAX_MS);
  });

  it('has everything read again when the server says the resume point is gone, and resumes from the reset id after', async () => {
    const live = harness();
    await settle();
    live.latest().open();
    live.latest().send('reset', '900', '{}');
    expect(live.onReset).toHaveBeenCalledTimes(1);
    live.latest().fail();
    await live.elapse();
    await settle();
    expect(live.latest().url).toContain('lastEventId=900');
  });

  it('counts a reconnect without any event seen as a reset: what came meanwhile cannot be asked for', async () => {
    const live = harness();
    await settle();
    live.latest().open();
    expect(live.onReset).not.toHaveBeenCalled();
    live.latest().fail();
    await live.elapse();
    await settle();
    expect(live.latest().url).toBe('api/events?ticket=ticket-2');
    live.latest().open();
    expect(live.onReset).toHaveBeenCalledTimes(1);
  });

  it('drops an event whose data is not JSON or not what the contract says, and keeps going', async () => {
    const live = harness();
    await settle();
    live.latest().open();
    live.latest().send('balance', '1', 'not json');
    live.latest().send('balance', '2', JSON.stringify({ ...BALANCE, balance: 10 }));
    live.latest().send('settled', '3', JSON.stringify({ projectId: 'p', periodNo: '1' }));
    live.latest().send('period', '4', JSON.stringify({ projectId: 'p', periodNo: '1', status: 'gone', opensAt: 0, locksAt: 1, drawsAt: 2, dice: null }));
    live.latest().send('period', '5', JSON.stringify({ projectId: 'p', periodNo: '1', status: 'drawn', opensAt: 0, locksAt: 1, drawsAt: 2, dice: [1, 2, 3] }));
    expect(live.events).toEqual([{ type: 'period', data: { projectId: 'p', periodNo: '1', status: 'drawn', opensAt: 0, locksAt: 1, drawsAt: 2, dice: [1, 2, 3] } }]);
    // A dropped event still counts as seen: the stream resumes after it.
    live.latest().fail();
    await live.elapse();
    await settle();
    expect(live.latest().url).toContain('lastEventId=5');
  });

  it('tries a failed ticket again later, and stops for good when the session is over', async () => {
    const answers: (string | Error)[] = [new Error('network'), 'signed out'];
    const live = harness(async () => {
      const answer = answers.shift();
      if (answer === undefined) return 'ticket';
      throw answer;
    });
    await settle();
    expect(live.sources).toHaveLength(0);
    expect(live.timers).toHaveLength(1);
    live.timers.shift()!.run();
    await settle();
    expect(live.sources).toHaveLength(0);
    expect(live.timers).toHaveLength(0);
  });

  it('closes at once and does not come back', async () => {
    const live = harness();
    await settle();
    live.latest().open();
    live.latest().fail();
    expect(live.timers).toHaveLength(1);
    live.connection.close();
    expect(live.timers).toHaveLength(0);
    expect(live.states.at(-1)).toBe(false);

    const other = harness();
    await settle();
    other.latest().open();
    other.connection.close();
    expect(other.latest().closed).toBe(true);
    other.latest().fail();
    expect(other.timers).toHaveLength(0);
  });
});
