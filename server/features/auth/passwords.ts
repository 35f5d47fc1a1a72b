import { hash, verify } from '@node-rs/argon2';
import { badRequest } from '../../lib/errors.ts';
import { passwordWeakness } from '../../lib/strength.ts';

/** An argon2id hash (library defaults: 19 MiB, 2 passes) in PHC string form. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verified when the email is unknown, so both failures take as long (no account enumeration).
const unknownUserHash = hash('not a real password');

/** True when `password` matches `passwordHash`; with no hash, spends the same time and says false. */
export async function verifyPassword(
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  if (passwordHash === undefined) {
    await verify(await unknownUserHash, password);
    return false;
  }
  return verify(passwordHash, password);
}

/**
 * Refuses a password being set (user create, password change, reset) that is too easy to guess;
 * the contract has checked its length. `userInputs` (the user's name, email) count as known words.
 * @throws 400 with the reason on `field`
 */
export async function assertStrongPassword(
  password: string,
  field: string,
  userInputs: readonly string[],
): Promise<void> {
  const weakness = await passwordWeakness(password, userInputs);
  if (weakness) throw badRequest(weakness, { [field]: [weakness] });
}
