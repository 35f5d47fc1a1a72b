import type { Command } from 'commander';
import { emailAddress, newPassword } from '../../contract/auth.ts';
import { Permission } from '../../contract/permissions.ts';
import { createUserBody } from '../../contract/users.ts';
import { randomAlphanumeric } from '../lib/random-token.ts';
import { optionParser, parseInput, readAll, withServices, type CliIo } from './cli-io.ts';

/** Length of a generated password: letters and digits, about 119 bits, like the first owner's. */
const GENERATED_PASSWORD_LENGTH = 20;

/**
 * The password of `--password-stdin` (stdin up to its end, one final line break dropped; checked
 * by the contract's rule for new passwords), or a generated one.
 */
async function passwordFrom(
  fromStdin: boolean,
  io: CliIo,
): Promise<{ password: string; generated: boolean }> {
  if (!fromStdin)
    return { password: randomAlphanumeric(GENERATED_PASSWORD_LENGTH), generated: true };
  if (io.stdin.isTTY) io.stderr.write('Password (then Enter and Ctrl-D): ');
  const text = (await readAll(io.stdin)).replace(/\r?\n$/, '');
  return { password: parseInput(newPassword, text), generated: false };
}

/** `nestmark user create | reset-password | list` (PRODUCT.md#users). */
export function registerUserCommands(program: Command, io: CliIo): void {
  const user = program.command('user').description('Create users, reset passwords, list users.');
  const print = (line: string) => io.stdout.write(`${line}\n`);

  user
    .command('create')
    .description(
      'Create a user (permission 7; the owner, 255, when the instance has no user yet). Prints the generated password unless --password-stdin gives one.',
    )
    .requiredOption('--email <email>', 'email address to sign in with', optionParser(emailAddress))
    .requiredOption('--name <name>', 'display name')
    .option('--password-stdin', 'read the password from stdin (at least 10 characters)')
    .action(async (options: { email: string; name: string; passwordStdin?: boolean }) => {
      const { password, generated } = await passwordFrom(options.passwordStdin === true, io);
      const body = parseInput(createUserBody, { ...options, password });
      await withServices(io, async ({ users }) => {
        const created = await users.create(body, { ownerIfFirst: true });
        const role = created.permission === Permission.OWNER ? 'the owner' : 'user';
        print(`Created ${role} ${created.name} <${created.email}> (id ${created.id}).`);
        if (generated) print(`Password: ${password}`);
      });
    });

  user
    .command('reset-password')
    .description(
      "Set a user's password and sign them out everywhere. Prints a new generated password unless --password-stdin gives one.",
    )
    .requiredOption('--email <email>', 'the user’s email address', optionParser(emailAddress))
    .option('--password-stdin', 'read the new password from stdin (at least 10 characters)')
    .action(async (options: { email: string; passwordStdin?: boolean }) => {
      const { password, generated } = await passwordFrom(options.passwordStdin === true, io);
      await withServices(io, async ({ users, actorFor }) => {
        const actor = await actorFor(options.email);
        await users.setPassword(actor.userId, password);
        print(`Set a new password for ${options.email}; their sessions have ended.`);
        if (generated) print(`Password: ${password}`);
      });
    });

  user
    .command('list')
    .description('List every user: id, name, email, role, created.')
    .action(() =>
      withServices(io, async ({ users }) => {
        const rows = (await users.list()).map((row) => [
          String(row.id),
          row.name,
          row.email,
          row.permission === Permission.OWNER ? 'owner' : 'user',
          row.created_at,
        ]);
        printTable(['ID', 'NAME', 'EMAIL', 'ROLE', 'CREATED'], rows, print);
      }),
    );
}

/** Rows under a header, columns padded to their widest cell. */
function printTable(header: string[], rows: string[][], print: (line: string) => void): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  for (const row of [header, ...rows]) {
    print(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
  }
}
