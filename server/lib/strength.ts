import { createThreadPool, threadModule } from './thread-pool.ts';
import type { StrengthTask } from './strength-thread.ts';

/*
 * Strength estimates (zxcvbn-ts) for passwords being set and share tokens being chosen. They run
 * on a thread of their own (strength-thread.ts): zxcvbn's dictionaries take about 50 MB, which
 * the thread takes with it when it ends, STRENGTH_IDLE_MS after the last check. A server where
 * nobody has set a password or chosen a token for a while holds none of it; the first check after
 * that waits a few hundred milliseconds for the thread to start and load them
 * (docs/OPERATIONS.md#start-time-and-memory).
 */

/** The strength thread ends after this long without a check (ms). */
export const STRENGTH_IDLE_MS = 10_000;

const pool = createThreadPool<StrengthTask, string | null | number>(
  threadModule('strength-thread', import.meta.url),
  { threads: 1, idleMs: STRENGTH_IDLE_MS },
);

/**
 * Why `password` is too easy to guess, as a sentence for the user, or null when it is strong
 * enough (zxcvbn score ≥ 3, about 10^8 guesses). `userInputs` (name, email) count as known words.
 */
export async function passwordWeakness(
  password: string,
  userInputs: readonly string[],
): Promise<string | null> {
  return (await pool.run({ kind: 'password', password, userInputs: [...userInputs] })) as
    string | null;
}

/** Chosen share tokens need at least this much estimated entropy (bits). */
export const TOKEN_MIN_BITS = 128;

/**
 * The estimated entropy of a token in bits: zxcvbn splits it into the patterns an attacker would
 * try (words, repeats, sequences, keyboard walks…), each worth log2 of its guesses; the parts
 * that follow no pattern count as random characters from the classes the token uses (26 lower,
 * 26 upper, 10 digits, 33 other printable ASCII). 32 random letters and digits give about
 * 190 bits; `PPPP…` or a sentence of words far fewer.
 */
export async function tokenEntropyBits(token: string): Promise<number> {
  return (await pool.run({ kind: 'token', token })) as number;
}
