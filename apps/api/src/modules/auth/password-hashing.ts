import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with its default cost (19 MiB, 2 passes),
 * the OWASP baseline; the parameters travel inside each PHC string, so raising them
 * later only affects new hashes.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies against `stored`, or against a throwaway hash when there is none, so an
 * unknown number or a user without password costs the same time as a wrong password.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored) return verify(stored, password);
  dummyHash ??= hash('not-a-password-of-anyone');
  await verify(await dummyHash, password);
  return false;
}
