import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { BODY_FIELD, statusOf, type Envelope, type ErrorData, type Language, type Reason } from '@wallet/contract';
import type { Messages } from './messages.js';

/** How often Node looks for requests past their time: a slow one is closed at most this long after its timeout. */
export const CONNECTIONS_CHECK_MS = 1000;

/**
 * What Node refuses before a request reaches Fastify, by Node's error code:
 * too slow (408), headers too large (Node would say 431; ours is 413),
 * anything else not HTTP (400). Each answer carries a reason of ours and that reason's status.
 */
const REASON_OF_CODE: Record<string, Reason> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  HPE_HEADER_OVERFLOW: 'PAYLOAD_TOO_LARGE',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'PAYLOAD_TOO_LARGE',
};

/** True once an answer has begun on the socket: writing another would corrupt it. Node's own client-error answer checks the same. */
function answerStarted(socket: Socket): boolean {
  return (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
}

/** The raw HTTP answer, in the envelope, that ends the connection. */
function rawEnvelopeAnswer(reason: Reason, messages: Messages, language: Language): string {
  const status = statusOf(reason);
  const data: ErrorData = { reason };
  if (reason === 'VALIDATION') data.fields = messages.fields(language, [{ field: BODY_FIELD, key: 'INVALID_VALUE', params: {} }]);
  const envelope: Envelope<ErrorData> = { code: status, mess: messages.reason(language, reason), data };
  const body = JSON.stringify(envelope);
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Fastify's clientErrorHandler: the envelope in the server's default language (the request's own may never have arrived). */
export function createClientErrorHandler(messages: Messages, language: Language) {
  return function onClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const reason = REASON_OF_CODE[error.code ?? ''] ?? 'VALIDATION';
    // `code` alone would be redacted: the log hides fields of that name (verification codes).
    this.log.info({ reason, nodeError: error.code ?? error.message }, 'refused before routing');
    if (!socket.writable || answerStarted(socket)) {
      socket.destroy();
      return;
    }
    socket.end(rawEnvelopeAnswer(reason, messages, language), () => socket.destroy());
  };
}
