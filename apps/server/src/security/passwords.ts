import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** OWASP / ASVS 2 minimum for argon2id: 19 MiB memory, 2 passes, 1 lane. */
export const ARGON2_PARAMETERS = {
  // Algorithm.Argon2id; the package's enum is a const enum that isolated modules cannot read.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMETERS);
}

/** Compared against when an account is unknown, so "no such account" takes as long as "wrong password". */
let decoyHash: Promise<string> | undefined;

/** Verifies against the stored hash, or against a decoy when there is none; false for the decoy. */
export async function verifyPasswordOrDecoy(storedHash: string | undefined, password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy-password');
  const matches = await verifyPassword(storedHash ?? (await decoyHash), password);
  return storedHash !== undefined && matches;
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
