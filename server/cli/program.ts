import { Command } from 'commander';
import { EXIT_OK, reportError, type CliIo } from './cli-io.ts';
import { registerDataCommands } from './data-commands.ts';
import { registerMaintenanceCommands } from './maintenance-commands.ts';
import { registerUserCommands } from './user-commands.ts';

/** The `nestmark` command and its subcommands (README, "Command line"). */
export function buildProgram(io: CliIo): Command {
  const program = new Command('nestmark')
    .description(
      'Administer a Nestmark instance from the command line. Uses the configuration of the server (DATA_DIR, DATABASE_URL, …), read from the environment; migrates the database first, as the server does at start.',
    )
    // Thrown instead of exiting, so that runCli answers the exit code (2 for usage errors); set
    // before the subcommands, which inherit it.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .showHelpAfterError('(add --help for usage)');
  registerUserCommands(program, io);
  registerDataCommands(program, io);
  registerMaintenanceCommands(program, io);
  return program;
}

/**
 * Runs the command line `args` (without `node` and the script). @returns the exit code: 0 done,
 * 1 failed, 2 usage error; what went wrong is on stderr.
 */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  try {
    await buildProgram(io).parseAsync(args, { from: 'user' });
    return EXIT_OK;
  } catch (error) {
    return reportError(error, io);
  }
}
