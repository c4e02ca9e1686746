import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

/** Field names whose values never reach a log line, at any of the first three levels. */
const SECRET_FIELDS = [
  'token', 'password', 'oldPassword', 'newPassword', 'payPassword', 'newPayPassword',
  'cardNo', 'card_no', 'sign', 'code', 'captchaCode', 'contactCode', 'authorization', 'cookie', 'key',
  // A database error's detail can quote the row it refused (a card number, say).
  'detail',
];

export const REDACTED_PATHS = SECRET_FIELDS.flatMap((name) => [name, `*.${name}`, `*.*.${name}`]);

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
}

/**
 * One line per request, written when its answer has gone, with the request
 * id Fastify puts on every line of a request. Fastify's default is a line on
 * arrival, one on completion and, for an unknown path, one more.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}
