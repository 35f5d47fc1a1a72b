import type { MatchEstimated, ZxcvbnFactory } from '@zxcvbn-ts/core';

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * Guess estimates by zxcvbn-ts (common passwords, English words, names, keyboard walks,
 * repeats, sequences, dates, l33t). Its cost grows fast with l33t substitutions and length, so
 * both are capped: a check takes milliseconds, not seconds, whatever a client sends. Its
 * dictionaries take about 50 MB of memory, so they are loaded by the first check, not at start:
 * a server where nobody sets a password or chooses a share token never holds them.
 */
function zxcvbn(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...english.dictionary },
      translations: english.translations,
      l33tMaxSubstitutions: 8,
      maxLength: 128,
    });
  })();
  return estimator;
}

/** zxcvbn's score 0–4; 3 means "safely unguessable: moderate protection from offline attack". */
const PASSWORD_MIN_SCORE = 3;

/**
 * Why `password` is too easy to guess, as a sentence for the user, or null when it is strong
 * enough (zxcvbn score ≥ PASSWORD_MIN_SCORE, about 10^8 guesses). `userInputs` (name, email)
 * count as known words.
 */
export async function passwordWeakness(
  password: string,
  userInputs: readonly string[],
): Promise<string | null> {
  const result = (await zxcvbn()).check(password, [...userInputs]);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean);
  return ['This password is too easy to guess.', ...advice].join(' ');
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
  const classes: [RegExp, number][] = [
    [/[a-z]/, 26],
    [/[A-Z]/, 26],
    [/[0-9]/, 10],
    [/[^a-zA-Z0-9]/, 33],
  ];
  const alphabet = classes.reduce(
    (sum, [pattern, size]) => sum + (pattern.test(token) ? size : 0),
    0,
  );
  // check() scores every match it returns, though its type leaves `guesses` out.
  const matches = (await zxcvbn()).check(token).sequence as MatchEstimated[];
  return matches.reduce(
    (bits, match) =>
      bits +
      (match.pattern === 'bruteforce'
        ? match.token.length * Math.log2(alphabet)
        : Math.log2(match.guesses)),
    0,
  );
}
