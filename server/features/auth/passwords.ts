import { hash, verify } from '@node-rs/argon2';

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
