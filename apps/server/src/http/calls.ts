import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fieldProblems, type CallDefinition, type Language } from '@wallet/contract';
import { AppError } from './app-error.js';
import { sendEnvelope } from './envelope.js';
import type { Messages } from './messages.js';
import { readMultipart, type UploadedFile } from './multipart.js';
import { nulCharacterProblems } from './nul-characters.js';
import { optionalSession, requireSession, type Session, type SessionResolver } from './session.js';
import type { SignatureVerifier } from './signature.js';

export interface CallContext {
  lang: Language;
  ip: string;
  now: number;
  session: Session | null;
  /** Multipart calls: the uploaded file, if one came. */
  file: UploadedFile | null;
  request: FastifyRequest;
}

export type CallHandler<C extends CallDefinition> = (
  input: z.output<C['body']>,
  context: CallContext,
) => Promise<z.input<C['result']>>;

export type RegisterCall = <C extends CallDefinition>(call: C, handler: CallHandler<C>) => void;

export interface CallDependencies {
  verifier: SignatureVerifier;
  resolveSession: SessionResolver;
  messages: Messages;
  now: () => number;
}

/** The session of a signed-in call; the registrar guarantees it is there. */
export function sessionOf(context: CallContext): Session {
  if (!context.session) throw new AppError('SESSION_REQUIRED');
  return context.session;
}

/**
 * Every app call goes through here: signature, then session (for signed-in
 * calls), then the contract's strict schema, then the handler; the result is
 * checked against the contract before it leaves.
 */
export function createCallRegistrar(app: FastifyInstance, deps: CallDependencies): RegisterCall {
  return <C extends CallDefinition>(call: C, handler: CallHandler<C>) => {
    app.post(call.path, async (request, reply) => {
      if (!call.multipart && request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const multipart = call.multipart ? await readMultipart(request) : null;
      const { signed, fields } = await deps.verifier.verify(multipart ? multipart.fields : request.body);
      const session =
        call.access === 'user'
          ? await requireSession(deps.resolveSession, signed.token)
          : call.sessionOptional
            ? await optionalSession(deps.resolveSession, signed.token)
            : null;
      const parsed = call.body.safeParse(fields);
      if (!parsed.success) throw new AppError('VALIDATION', { fields: fieldProblems(parsed.error, fields) });
      const nul = nulCharacterProblems(fields);
      if (nul.length > 0) throw new AppError('VALIDATION', { fields: nul });

      const context = { lang: request.lang, ip: request.ip, now: deps.now(), session, file: multipart?.file ?? null, request };
      const result = await handler(parsed.data as z.output<C['body']>, context);
      return sendEnvelope(reply, 200, deps.messages.success(request.lang, call.success), call.result.parse(result));
    });
  };
}
