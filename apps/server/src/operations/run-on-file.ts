import path from 'node:path';
import { loadConfigOrExit } from '../config.js';
import { OperationError } from './backup-file.js';
import type { DatabaseConfig } from './backup-restore.js';

/**
 * The body of a command taking one FILE (`npm run backup -- FILE`): the
 * server's configuration, the file taken from where `npm` was started (npm
 * runs the script inside the workspace), the outcome on stdout, or the
 * reason on stderr and exit code 1.
 */
export async function runOnFile(usage: string, operation: (config: DatabaseConfig, file: string) => Promise<string>): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0] === '') {
    process.stderr.write(`${usage}\n`);
    process.exitCode = 2;
    return;
  }
  const config = loadConfigOrExit();
  const file = path.resolve(process.env['INIT_CWD'] ?? process.cwd(), args[0]!);
  try {
    process.stdout.write(`${await operation(config, file)}\n`);
  } catch (error) {
    if (!(error instanceof OperationError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  }
}
