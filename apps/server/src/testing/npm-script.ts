import { spawn } from 'node:child_process';
import { REPO_ROOT } from '../spawn-server.js';

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run --silent <script> -- <args>` from the repository's root, as an operator types it, with exactly `env`. */
export function runNpmScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, ...(args.length > 0 ? ['--', ...args] : [])], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
