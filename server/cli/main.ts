#!/usr/bin/env node
/** Entry of the `nestmark` command (package.json `bin`, built to dist/server/cli/main.js). */
import { runCli } from './program.ts';

const code = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
// Exit once everything written has been handed over, without waiting for what may still hold
// the event loop (`doctor` leaves a database connection attempt that never answered).
const flushed = (stream: NodeJS.WriteStream) =>
  new Promise<void>((resolve) => stream.write('', () => resolve()));
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit(code);
