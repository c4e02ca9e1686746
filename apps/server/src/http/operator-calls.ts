import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CALLS_BEFORE_TOTP, CALL_ROLES, fieldProblems, type CallDefinition, type Language, type OperatorRole } from '@wallet/contract';
import { AppError } from './app-error.js';
import { sendEnvelope } from './envelope.js';
import type { Messages } from './messages.js';
import { readMultipart, type UploadedFile } from './multipart.js';
import { nulCharacterProblems } from './nul-characters.js';

export interface OperatorContext {
  lang: Language;
  ip: string;
  now: number;
  /** Null only for the login call itself. */
  operator: SignedInOperator | null;
  /** Multipart calls: the uploaded file, if one came. */
  file: UploadedFile | null;
  request: FastifyRequest;
}

export type OperatorHandler<C extends CallDefinition> = (
  input: z.output<C['body']>,
  context: OperatorContext,
) => Promise<z.input<C['result']>>;

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

export interface OperatorCallDependencies {
  /** The operator a bearer token belongs to, or null. */
  findOperator: (token: string, now: number) => Promise<SessionOperator | null>;
  messages: Messages;
  now: () => number;
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
  findOperator: OperatorCallDependencies['findOperator'],
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

/**
 * Console calls: bearer token (no app signature), the role checked before
 * anything else is read, strict schema, the same envelope.
 */
export function createOperatorCallRegistrar(app: FastifyInstance, deps: OperatorCallDependencies): RegisterOperatorCall {
  return <C extends CallDefinition>(call: C, handler: OperatorHandler<C>, options: { withoutSession?: boolean } = {}) => {
    const roles: readonly OperatorRole[] | undefined = (CALL_ROLES as Record<string, readonly OperatorRole[]>)[call.path];
    if (!roles) throw new Error(`${call.path} has no roles in CALL_ROLES`);
    const access = { roles, beforeTotp: beforeTotp.has(call.path) };
    app.post(call.path, async (request, reply) => {
      if (!call.multipart && request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const now = deps.now();
      const operator = options.withoutSession ? null : await authorizedOperator(request, deps.findOperator, now, access);
      // The session is checked first: nobody without one gets to send us 5 MB.
      const multipart = call.multipart ? await readMultipart(request) : null;
      const body = multipart ? multipart.fields : (request.body ?? {});
      const parsed = call.body.safeParse(body);
      if (!parsed.success) throw new AppError('VALIDATION', { fields: fieldProblems(parsed.error, body) });
      const nul = nulCharacterProblems(body);
      if (nul.length > 0) throw new AppError('VALIDATION', { fields: nul });
      const result = await handler(parsed.data as z.output<C['body']>, { lang: request.lang, ip: request.ip, now, operator, file: multipart?.file ?? null, request });
      return sendEnvelope(reply, 200, deps.messages.success(request.lang, call.success), call.result.parse(result));
    });
  };
}

export function operatorOf(context: OperatorContext): SignedInOperator {
  if (!context.operator) throw new AppError('SESSION_REQUIRED');
  return context.operator;
}
