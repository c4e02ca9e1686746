import http from 'node:http';
import { eventsTicket, type CallRef } from '@wallet/contract';
import type { TestServer } from './test-server.js';
import { callAs, type Caller } from './typed-call.js';

/** One message of a text/event-stream, as EventSource would read it (an `id` alone moves the last event id). */
export interface StreamMessage {
  id: string | undefined;
  event: string | undefined;
  data: string | undefined;
}

export interface LiveStream {
  status: number;
  contentType: string | null;
  /** The body of a refused stream: the API's envelope. */
  refusal: { code: number; data: { reason: string } } | undefined;
  messages: StreamMessage[];
  comments: number;
  /** The id the client would send back on reconnecting. */
  lastEventId(): string | undefined;
  /** The first message (received already or still to come) that matches, or a failure after `deadlineMs`. */
  waitFor(match: (message: StreamMessage) => boolean, deadlineMs?: number): Promise<StreamMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The ticket call as the tests name it. */
export const EVENTS_TICKET: CallRef<typeof eventsTicket> = { path: eventsTicket.path };

export async function ticketFor(server: TestServer, caller: Caller): Promise<string> {
  const answer = await callAs(server, caller, EVENTS_TICKET, {});
  if (answer.status !== 200) throw new Error(`ticket refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data.ticket;
}

/**
 * Opens GET /api/events with a ticket (and the last event id, as the header or in the query) and reads it as it comes,
 * on a connection of its own, as a browser's EventSource holds one: closing it closes that connection.
 */
export async function openLiveStream(server: TestServer, ticket: string, resume: { header?: string; query?: string } = {}): Promise<LiveStream> {
  const url = new URL('/api/events', server.baseUrl);
  url.searchParams.set('ticket', ticket);
  if (resume.query !== undefined) url.searchParams.set('lastEventId', resume.query);
  const headers = { 'accept-language': 'en', ...(resume.header === undefined ? {} : { 'last-event-id': resume.header }) };
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => http.get(url, { headers, agent: false }, resolve).on('error', reject));
  const messages: StreamMessage[] = [];
  const waiters = new Set<() => void>();
  let finished = false;
  const stream: LiveStream = {
    status: response.statusCode ?? 0,
    contentType: response.headers['content-type'] ?? null,
    refusal: undefined,
    messages,
    comments: 0,
    lastEventId: () => [...messages].reverse().find((message) => message.id !== undefined)?.id,
    waitFor(match, deadlineMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          } else if (finished) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`the stream ended before the event came; it had ${JSON.stringify(messages)}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such event within ${deadlineMs} ms; the stream had ${JSON.stringify(messages)}`));
        }, deadlineMs);
        waiters.add(check);
        check();
      });
    },
    ended: Promise.resolve(),
    close: () => response.destroy(),
  };
  if (stream.status !== 200) {
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    stream.refusal = JSON.parse(Buffer.concat(chunks).toString('utf8')) as LiveStream['refusal'];
    return stream;
  }
  response.setEncoding('utf8');
  let pending = '';
  response.on('data', (text: string) => {
    pending += text;
    for (let end = pending.indexOf('\n\n'); end >= 0; end = pending.indexOf('\n\n')) {
      const block = pending.slice(0, end);
      pending = pending.slice(end + 2);
      const message: StreamMessage = { id: undefined, event: undefined, data: undefined };
      let fields = 0;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) stream.comments += 1;
        const [, field, value] = /^(id|event|data): ?(.*)$/.exec(line) ?? [];
        if (field) {
          message[field as keyof StreamMessage] = value;
          fields += 1;
        }
      }
      if (fields > 0) messages.push(message);
    }
    for (const check of [...waiters]) check();
  });
  stream.ended = new Promise((resolve) => {
    const done = () => {
      finished = true;
      for (const check of [...waiters]) check();
      resolve();
    };
    response.on('end', done);
    response.on('close', done);
    response.on('error', done);
  });
  return stream;
}

/** The data of a message, parsed. */
export const dataOf = <T = Record<string, unknown>>(message: StreamMessage): T => JSON.parse(message.data ?? 'null') as T;
