import { NO_TOKEN } from '@wallet/contract';
import { AppError } from '../errors.js';

export interface Session {
  userId: string;
  token: string;
  /** When this session signed in: the reality check counts from it. */
  signedInAt: number;
}

/** Finds the live session a token belongs to, or null; throws ACCOUNT_FROZEN for a frozen account. */
export type SessionResolver = (token: string) => Promise<Session | null>;

export async function requireSession(resolve: SessionResolver, token: string): Promise<Session> {
  if (token === NO_TOKEN) throw new AppError('SESSION_REQUIRED');
  const session = await resolve(token);
  if (!session) throw new AppError('SESSION_INVALID');
  return session;
}

/** For public calls that personalise: no token, a dead one or a frozen account all read as signed out. */
export async function optionalSession(resolve: SessionResolver, token: string): Promise<Session | null> {
  if (token === NO_TOKEN) return null;
  try {
    return await resolve(token);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
