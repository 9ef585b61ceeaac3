import { hash, verify } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';

/** argon2id with the library's defaults (OWASP's minimum: m=19 MiB, t=2). */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A random password that meets SPEC.md §5 (letters and digits), shown once after a reset. */
export function generatePassword(length = 14): string {
  const letters = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const chars = [letters[randomInt(letters.length)], digits[randomInt(digits.length)]];
  while (chars.length < length) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/** A hash to verify against when the email is unknown, so timing does not reveal which emails exist. */
export const DUMMY_HASH = hashPassword('not-a-real-password-1');
