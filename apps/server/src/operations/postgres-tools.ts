import { spawn } from 'node:child_process';
import { OperationError } from './backup-file.js';

/**
 * PostgreSQL's own client programs (pg_dump, pg_restore), run against
 * DATABASE_URL. The password goes to them in PGPASSWORD, not on the command
 * line, where every user of the machine could read it.
 */

export const POSTGRES_CLIENT_HINT = 'install the PostgreSQL client of the server\'s major version or newer (Debian: apt-get install postgresql-client)';

/** DATABASE_URL without its password, and the environment that hands the password over. */
export function connectionFor(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password === '' ? process.env : { ...process.env, PGPASSWORD: password } };
}

/** Runs the program to its end and answers what it printed; a failure becomes an OperationError that carries its own words. */
export function runPostgresTool(program: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new OperationError(`${program} is not installed: ${POSTGRES_CLIENT_HINT}.`) : error),
    );
    child.once('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new OperationError(`${program} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}
