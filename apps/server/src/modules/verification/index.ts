import type { ModuleManifest, Platform } from '../manifest.js';
import type { Notifier } from '../notifier/index.js';
import type { RateLimiter } from '../rate-limit/index.js';
import { createCodeSender, type CodeSender } from './code-sender.js';
import { VerificationCodes } from './codes.js';

export type { CodeSender } from './code-sender.js';
export type { VerificationCodes } from './codes.js';
export { CODE_TTL_MS } from './codes.js';

export function verificationModule(
  { db, messages, log }: Platform,
  { limiter, notifier }: { limiter: RateLimiter; notifier: Notifier },
): ModuleManifest<{ codes: VerificationCodes; codeSender: CodeSender }> {
  return { services: { codes: new VerificationCodes(db, limiter), codeSender: createCodeSender(notifier, messages, log) } };
}
