import { badRequest } from '../../lib/errors.ts';
import { passwordWeakness } from '../../lib/strength.ts';

/**
 * argon2, loaded with the first password hashed or checked rather than at start
 * (OPERATIONS.md#start-time-and-memory).
 */
const argon2 = () => import('@node-rs/argon2');

/** An argon2id hash (library defaults: 19 MiB, 2 passes) in PHC string form. */
export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password);
}

/**
 * Checked when the email is unknown, so both failures take as long (no account enumeration).
 * Made with the first such check, not at start: 19 MiB and a hash's time nobody may need.
 */
let unknownUserHash: Promise<string> | undefined;

/** True when `password` matches `passwordHash`; with no hash, spends the same time and says false. */
export async function verifyPassword(
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  const { verify } = await argon2();
  if (passwordHash === undefined) {
    unknownUserHash ??= hashPassword('not a real password');
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
