#!/usr/bin/env node
/** Entry of the `nestmark` command (package.json `bin`, built to dist/server/cli/main.js). */
import { runCli } from './program.ts';

process.exitCode = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
