import { ZxcvbnFactory, type MatchEstimated } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/*
 * What runs on the strength pool's thread (strength.ts): zxcvbn-ts and its dictionaries, which
 * take about 50 MB and 350 ms to load, and a check milliseconds of CPU.
 */

/** A password to rate against the user's own words, or a share token to weigh. */
export type StrengthTask =
  { kind: 'password'; password: string; userInputs: string[] } | { kind: 'token'; token: string };

/**
 * Guess estimates by zxcvbn-ts (common passwords, English words, names, keyboard walks, repeats,
 * sequences, dates, l33t). Its cost grows fast with l33t substitutions and length, so both are
 * capped: a check takes milliseconds, not seconds, whatever a client sends.
 */
const zxcvbn = new ZxcvbnFactory({
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
  translations: english.translations,
  l33tMaxSubstitutions: 8,
  maxLength: 128,
});

/** zxcvbn's score 0–4; 3 means "safely unguessable: moderate protection from offline attack". */
const PASSWORD_MIN_SCORE = 3;

/**
 * Rates a task (Piscina calls the default export): for a password, why it is too easy to guess,
 * or null; for a token, its estimated entropy in bits. strength.ts documents both.
 */
export default function rate(task: StrengthTask): string | null | number {
  return task.kind === 'password'
    ? passwordWeakness(task.password, task.userInputs)
    : tokenEntropyBits(task.token);
}

function passwordWeakness(password: string, userInputs: string[]): string | null {
  const result = zxcvbn.check(password, userInputs);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean);
  return ['This password is too easy to guess.', ...advice].join(' ');
}

function tokenEntropyBits(token: string): number {
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
  const matches = zxcvbn.check(token).sequence as MatchEstimated[];
  return matches.reduce(
    (bits, match) =>
      bits +
      (match.pattern === 'bruteforce'
        ? match.token.length * Math.log2(alphabet)
        : Math.log2(match.guesses)),
    0,
  );
}
