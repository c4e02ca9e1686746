import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Database } from '../../db/schema.js';

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps. */
const STEP_SECONDS = 30;
/** One step either side of the server's clock (PRODUCT §9: ±1 step). */
const TOLERANCE_SECONDS = STEP_SECONDS;

export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUrlOf(issuer: string, username: string, secret: string): string {
  return generateURI({ issuer, label: username, secret });
}

/** The 30-second step a code of `secret` belongs to, when it is valid at `now` (±1 step) and later than `afterStep`. */
export async function stepOfCode(secret: string, code: string, now: number, afterStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(now / 1000);
  // A step taken on an instance whose clock runs ahead leaves nothing newer to accept here (the library throws for it).
  if (afterStep !== null && afterStep >= Math.floor((epoch + TOLERANCE_SECONDS) / STEP_SECONDS)) return null;
  try {
    const result = await verify({ secret, token: code, epoch, epochTolerance: TOLERANCE_SECONDS, ...(afterStep === null ? {} : { afterTimeStep: afterStep }) });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // Whatever the library cannot read is simply not a valid code.
    return null;
  }
}

/**
 * Takes a code once: the step moves forward only if no other request took
 * this step or a later one first, so two sign-ins racing with one code
 * cannot both pass, on any instance.
 */
export async function takeTotpStep(db: Kysely<Database>, operatorId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', operatorId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
