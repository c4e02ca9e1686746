import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorData, FieldProblem, Reason } from '@wallet/contract';
import { BODY_FIELD, statusOf } from '@wallet/contract';
import { isDatabaseUnreachable, isTransientConflict } from '../db/database-errors.js';
import { AppError } from '../errors.js';
import { sendEnvelope } from './envelope.js';
import type { Messages } from './messages.js';

const INVALID_BODY_CODES = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/** Turns what Fastify itself rejects (before our code runs) into our reasons. */
function fromFrameworkError(error: FastifyError): AppError | undefined {
  if (INVALID_BODY_CODES.has(error.code) || (error instanceof SyntaxError && error.statusCode === 400)) {
    return new AppError('VALIDATION', { fields: [{ field: BODY_FIELD, key: 'INVALID_JSON', params: {} }] });
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (error.statusCode === 429) return new AppError('RATE_LIMITED');
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('VALIDATION', { fields: [{ field: BODY_FIELD, key: 'INVALID_VALUE', params: {} }] });
  }
  return undefined;
}

export function sendAppError(reply: FastifyReply, request: FastifyRequest, messages: Messages, error: AppError) {
  const data: ErrorData = { reason: error.reason };
  const fields: FieldProblem[] | undefined = error.details.fields;
  if (fields) data.fields = messages.fields(request.lang, fields);
  if (error.details.captchaRequired !== undefined) data.captchaRequired = error.details.captchaRequired;
  if (error.details.attemptsLeft !== undefined) data.attemptsLeft = error.details.attemptsLeft;
  if (error.details.protection) Object.assign(data, error.details.protection);
  if (error.details.retryAfterSeconds !== undefined) {
    data.retryAfterSeconds = error.details.retryAfterSeconds;
    reply.header('retry-after', String(error.details.retryAfterSeconds));
  }
  const fieldMess = error.details.fieldIsMess && data.fields ? Object.values(data.fields)[0] : undefined;
  return sendEnvelope(reply, error.status, fieldMess ?? messages.reason(request.lang, error.reason), data);
}

export function sendReason(reply: FastifyReply, request: FastifyRequest, messages: Messages, reason: Reason) {
  return sendEnvelope(reply, statusOf(reason), messages.reason(request.lang, reason), { reason });
}

/** The one place errors become envelopes. Unknown errors never show more than an id. */
export function registerErrorHandling(app: FastifyInstance, messages: Messages): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A transaction outside moneyTransaction that lost a race, or a database that went away, is worth a retry by the client, not a 500.
    const unreachable = isDatabaseUnreachable(error);
    if (unreachable) request.log.error({ err: error }, 'the database could not be reached');
    const retry = unreachable || isTransientConflict(error) ? new AppError('UNAVAILABLE', { retryAfterSeconds: 1 }) : undefined;
    const known = error instanceof AppError ? error : (retry ?? fromFrameworkError(error));
    if (known) return sendAppError(reply, request, messages, known);

    const errorId = randomUUID();
    request.log.error({ err: error, errorId }, 'unexpected error');
    const data: ErrorData = { reason: 'INTERNAL', errorId };
    return sendEnvelope(reply, 500, messages.reason(request.lang, 'INTERNAL'), data);
  });

  app.setNotFoundHandler((request, reply) => sendReason(reply, request, messages, 'NOT_FOUND'));
}
