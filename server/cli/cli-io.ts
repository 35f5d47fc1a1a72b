import { CommanderError, InvalidArgumentError } from 'commander';
import type { z } from 'zod';
import { ConfigError } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import type { CliContext } from './cli-context.ts';

/** Where a command reads and writes: the process's streams (tests run the real process). */
export interface CliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** Exit codes (README, "Command line"). */
export const EXIT_OK = 0;
/** It could not be done: unknown user, missing file, refused by the product's rules, no database. */
export const EXIT_FAILURE = 1;
/** The command line or its input is malformed: unknown command or option, a missing or bad value. */
export const EXIT_USAGE = 2;

/** A command that could not be done, with the message that names why (exit 1). */
export class CliFailure extends Error {}

/** A value on the command line or on stdin that is not valid (exit 2). */
export class UsageError extends Error {}

/** An error's message, also for errors without one (a refused connection's AggregateError). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message) return error.message;
  const { code, errors } = error as Error & { code?: string; errors?: unknown[] };
  if (errors?.length) return errors.map(describeError).join('; ');
  return code ?? error.name;
}

/** The first message of a failed zod parse, the field named. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

/** `value` parsed by `schema`. @throws UsageError with the schema's message. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(firstIssue(parsed.error));
  return parsed.data;
}

/**
 * An option's parser that checks its value with a contract schema, so the command line takes what
 * the API takes; commander reports a refusal as a usage error naming the option, with `expected`
 * or else the schema's message.
 */
export function optionParser<S extends z.ZodType>(
  schema: S,
  expected?: string,
): (value: string) => z.output<S> {
  return (value) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new InvalidArgumentError(expected ?? firstIssue(parsed.error));
    return parsed.data;
  };
}

/**
 * Prints what went wrong (commander has printed its own errors already) and answers the exit
 * code: 2 for usage errors, 1 for anything else; a service's 400 is bad input, so 2 too.
 */
export function reportError(error: unknown, io: CliIo): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
  const message = describeError(error);
  if (error instanceof UsageError) {
    io.stderr.write(`error: ${message}\n(add --help for usage)\n`);
    return EXIT_USAGE;
  }
  if (error instanceof ConfigError) {
    io.stderr.write(`${message}\n`);
    return EXIT_FAILURE;
  }
  if (error instanceof AppError) {
    const details = Object.values(error.fields ?? {})
      .flat()
      .filter((detail) => detail !== message);
    io.stderr.write(`error: ${[message, ...details].join(' ')}\n`);
    return error.statusCode === 400 ? EXIT_USAGE : EXIT_FAILURE;
  }
  // A CliFailure, or what the database or the file system threw.
  io.stderr.write(`error: ${message}\n`);
  return EXIT_FAILURE;
}

/** All of stdin as text. */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Runs `command` with the configuration, the database and the services (`withCliContext`,
 * cli-context.ts). That module, and the server code behind it, is loaded only here, when a
 * command runs: help and usage errors answer without loading it.
 */
export async function withServices<T>(
  io: CliIo,
  command: (context: CliContext) => Promise<T>,
  options?: { migrate: boolean },
): Promise<T> {
  const { withCliContext } = await import('./cli-context.ts');
  return withCliContext(io, command, options);
}
