import { ApiError } from './api-error';

/** A version-4 UUID from getRandomValues, which (unlike randomUUID) also works on pages served over plain HTTP. */
export function randomUuid(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether the server certainly answered a call. Without an answer (no
 * network, a timeout, an unreadable reply, the first try still running) the
 * work may or may not have happened, so the next press must be a retry.
 */
export function serverAnswered(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status > 0 && error.reason !== 'BAD_RESPONSE' && error.reason !== 'REQUEST_IN_PROGRESS';
}

export interface RequestIds {
  /** The id of the action `what` describes: the last one while it got no answer and asks the same, else a new one. */
  idFor(what: string): string;
  /** Forgets the id after the server answered, so the next press is a new action. */
  settle(error?: unknown): void;
}

/** requestIds for one form's money action (PRODUCT §3): a retry sends the same id, so the server does the work once. */
export function createRequestIds(newId: () => string = randomUuid): RequestIds {
  let current: { what: string; id: string } | undefined;
  return {
    idFor(what) {
      if (current?.what !== what) current = { what, id: newId() };
      return current.id;
    },
    settle(error) {
      if (error === undefined || serverAnswered(error)) current = undefined;
    },
  };
}
