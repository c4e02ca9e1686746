import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CALLS_BEFORE_TOTP, CALL_ROLES, type CallDefinition, type OperatorRole } from '@wallet/contract';
import { AppError } from '../errors.js';
import { serveContractCall, type ContractHandler, type PipelineDependencies, type RequestContext } from './call-pipeline.js';

interface OperatorCaller {
  /** Null only for the login call itself. */
  operator: SignedInOperator | null;
}

export type OperatorContext = RequestContext & OperatorCaller;
export type OperatorHandler<C extends CallDefinition> = ContractHandler<C, OperatorCaller>;

export type RegisterOperatorCall = <C extends CallDefinition>(
  call: C,
  handler: OperatorHandler<C>,
  options?: { withoutSession?: boolean },
) => void;

export interface SignedInOperator {
  id: string;
  token: string;
  role: OperatorRole;
}

/** The enabled operator a live session belongs to; `totpMissing` when every operator must use TOTP and this one has not turned it on. */
export interface SessionOperator {
  id: string;
  role: OperatorRole;
  totpMissing: boolean;
}

/** The operator a bearer token belongs to, or null. */
export type FindOperator = (token: string, now: number) => Promise<SessionOperator | null>;

export interface OperatorCallDependencies extends PipelineDependencies {
  findOperator: FindOperator;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header?.match(/^bearer ([A-Za-z0-9_-]{20,100})$/i);
  return match?.[1] ?? null;
}

const beforeTotp = new Set<string>(CALLS_BEFORE_TOTP);

/**
 * The signed-in operator of a console request, allowed in by `roles`: no
 * token, a dead one, another role or a missing TOTP each answer before
 * anything else of the request is read.
 */
export async function authorizedOperator(
  request: FastifyRequest,
  findOperator: FindOperator,
  now: number,
  access: { roles: readonly OperatorRole[]; beforeTotp: boolean },
): Promise<SignedInOperator> {
  const token = bearerToken(request);
  if (!token) throw new AppError(request.headers.authorization ? 'SESSION_INVALID' : 'SESSION_REQUIRED');
  const found = await findOperator(token, now);
  if (!found) throw new AppError('SESSION_INVALID');
  if (!access.roles.includes(found.role)) throw new AppError('ROLE_FORBIDDEN');
  if (found.totpMissing && !access.beforeTotp) throw new AppError('TOTP_SETUP_REQUIRED');
  return { id: found.id, token, role: found.role };
}

/** Console calls: the bearer token and the role first (nobody without a session gets to send us 5 MB), then the one pipeline. */
export function createOperatorCallRegistrar(app: FastifyInstance, deps: OperatorCallDependencies): RegisterOperatorCall {
  return <C extends CallDefinition>(call: C, handler: OperatorHandler<C>, options: { withoutSession?: boolean } = {}) => {
    const roles: readonly OperatorRole[] | undefined = (CALL_ROLES as Record<string, readonly OperatorRole[]>)[call.path];
    if (!roles) throw new Error(`${call.path} has no roles in CALL_ROLES`);
    const access = { roles, beforeTotp: beforeTotp.has(call.path) };
    serveContractCall<C, OperatorCaller>(
      app,
      deps,
      call,
      async (request, readBody) => {
        const now = deps.now();
        const operator = options.withoutSession ? null : await authorizedOperator(request, deps.findOperator, now, access);
        const body = await readBody();
        return { fields: body.fields ?? {}, file: body.file, extra: { operator }, now };
      },
      handler,
      { sessionless: options.withoutSession === true },
    );
  };
}

export function operatorOf(context: OperatorContext): SignedInOperator {
  if (!context.operator) throw new AppError('SESSION_REQUIRED');
  return context.operator;
}
