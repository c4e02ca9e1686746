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
