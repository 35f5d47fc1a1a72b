import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** How a `nestmark` command ended: its exit code and everything it wrote. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the command line (`server/cli/main.ts`, the source of the `nestmark` bin) as its own process
 * with `args`, an environment of only `env` (and PATH) and `input` on stdin; resolves when it
 * exits.
 */
export function runCliProcess(
  args: string[],
  options: { env?: Record<string, string | undefined>; input?: string } = {},
): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/main.ts', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(options.input ?? '');
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
