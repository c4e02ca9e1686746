import type { FastifyInstance } from 'fastify';
import type { CallDefinition } from '@wallet/contract';
import { AppError } from '../errors.js';
import { serveContractCall, type ContractHandler, type PipelineDependencies, type RequestContext } from './call-pipeline.js';
import { optionalSession, requireSession, type Session, type SessionResolver } from './session.js';
import type { SignatureVerifier } from './signature.js';

export type CallContext = RequestContext & AppCaller;
export type CallHandler<C extends CallDefinition> = ContractHandler<C, AppCaller>;
export type RegisterCall = <C extends CallDefinition>(call: C, handler: CallHandler<C>) => void;

interface AppCaller {
  session: Session | null;
}

export interface CallDependencies extends PipelineDependencies {
  verifier: SignatureVerifier;
  resolveSession: SessionResolver;
}

/** The session of a signed-in call; the registrar guarantees it is there. */
export function sessionOf(context: CallContext): Session {
  if (!context.session) throw new AppError('SESSION_REQUIRED');
  return context.session;
}

/** App calls: the signature first, then the session (for signed-in calls), then the one pipeline. */
export function createCallRegistrar(app: FastifyInstance, deps: CallDependencies): RegisterCall {
  return <C extends CallDefinition>(call: C, handler: CallHandler<C>) => {
    serveContractCall<C, AppCaller>(
      app,
      deps,
      call,
      async (_request, readBody) => {
        const body = await readBody();
        const { signed, fields } = await deps.verifier.verify(body.fields);
        const session =
          call.access === 'user'
            ? await requireSession(deps.resolveSession, signed.token)
            : call.sessionOptional
              ? await optionalSession(deps.resolveSession, signed.token)
              : null;
        return { fields, file: body.file, extra: { session } };
      },
      handler,
      { sessionless: call.access === 'public' },
    );
  };
}
