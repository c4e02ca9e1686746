import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fieldProblems, type CallDefinition, type Language } from '@wallet/contract';
import { AppError } from '../errors.js';
import { sendEnvelope } from './envelope.js';
import type { Messages } from './messages.js';
import { readMultipart, type UploadedFile } from './multipart.js';
import { nulCharacterProblems } from './nul-characters.js';
import { sendCsv, type CsvDownload } from './send-csv.js';

/** What every handler of a contract call knows about its request, app or console alike. */
export interface RequestContext {
  lang: Language;
  ip: string;
  now: number;
  /** Multipart calls: the uploaded file, if one came. */
  file: UploadedFile | null;
  request: FastifyRequest;
}

export type ContractHandler<C extends CallDefinition, Extra> = (
  input: z.output<C['body']>,
  context: RequestContext & Extra,
) => Promise<z.input<C['result']>>;

export interface ReadBody {
  fields: unknown;
  /** Multipart calls: the uploaded file, if one came. */
  file: UploadedFile | null;
}

export interface Admitted<Extra> extends ReadBody {
  extra: Extra;
  /** The clock of the call when the admission read it first; otherwise it is read once the fields are checked. */
  now?: number;
}

/**
 * Who is calling, and the fields they sent: the app checks the signature and
 * the session, the console the bearer token and the role. `readBody` reads the
 * JSON body or the multipart form, so an admission can refuse a caller before
 * reading a large upload.
 */
export type Admission<Extra> = (request: FastifyRequest, readBody: () => Promise<ReadBody>) => Promise<Admitted<Extra>>;

/**
 * The most a call made before any session (sign-in, registration, captcha) may send: those bodies are a few
 * fields, and whoever sends them is unknown, so the parser reads no more. Other calls keep the app-wide limit.
 */
export const SESSIONLESS_BODY_LIMIT_BYTES = 16 * 1024;

export interface PipelineDependencies {
  messages: Messages;
  now: () => number;
}

/**
 * Every contract call goes through here: admission, then the contract's strict
 * schema and the NUL check, then the handler; the result is checked against
 * the contract before it leaves in the envelope.
 */
export function serveContractCall<C extends CallDefinition, Extra>(
  app: FastifyInstance,
  deps: PipelineDependencies,
  call: C,
  admit: Admission<Extra>,
  handler: ContractHandler<C, Extra>,
  options: { sessionless: boolean },
): void {
  app.post(call.path, options.sessionless ? { bodyLimit: SESSIONLESS_BODY_LIMIT_BYTES } : {}, async (request, reply) => {
    if (!call.multipart && request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    const readBody = async (): Promise<ReadBody> => (call.multipart ? readMultipart(request) : { fields: request.body, file: null });
    const { fields, file, extra, now: admittedAt } = await admit(request, readBody);
    const parsed = call.body.safeParse(fields);
    if (!parsed.success) throw new AppError('VALIDATION', { fields: fieldProblems(parsed.error, fields) });
    const nul = nulCharacterProblems(fields);
    if (nul.length > 0) throw new AppError('VALIDATION', { fields: nul });
    const context = { lang: request.lang, ip: request.ip, now: admittedAt ?? deps.now(), file, request, ...extra };
    const result = await handler(parsed.data as z.output<C['body']>, context);
    if (call.download) return sendCsv(reply, result as CsvDownload);
    return sendEnvelope(reply, 200, deps.messages.success(request.lang, call.success), call.result.parse(result));
  });
}
