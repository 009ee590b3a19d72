import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A random secret for cookies and tokens: 32 bytes, URL-safe. */
export const newSecret = () => randomBytes(32).toString('base64url');

/** Secrets with 256 bits of entropy are stored as a SHA-256 digest: fast to check, useless if leaked. */
export const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');

// argon2id with OWASP's minimum: 19 MiB memory, 2 iterations.
const ARGON2 = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, not importable here */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

// Checked when the account does not exist, so an unknown user costs the same time as a wrong password.
const dummyHash = hash('no-such-user-password', ARGON2);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await dummyHash), password);
  } catch {
    return false;
  }
}
