import fs from 'node:fs';
import path from 'node:path';

/** A backup or restore that must not go ahead, or did not complete: its message tells the operator why and what to do. */
export class OperationError extends Error {}

export type BackupFormat = 'sqlite' | 'postgres';

const SIGNATURES: [BackupFormat, string][] = [
  ['sqlite', 'SQLite format 3\0'],
  ['postgres', 'PGDMP'],
];

/** What wrote the file, from its first bytes: SQLite's online backup, or pg_dump's custom format. */
export function formatOfBackup(file: string): BackupFormat | undefined {
  let head: Buffer;
  try {
    const handle = fs.openSync(file, 'r');
    try {
      head = Buffer.alloc(16);
      fs.readSync(handle, head, 0, head.length, 0);
    } finally {
      fs.closeSync(handle);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new OperationError(`${file} does not exist.`);
    throw error;
  }
  return SIGNATURES.find(([, signature]) => head.subarray(0, signature.length).toString('latin1') === signature)?.[0];
}

/**
 * Writes a backup to `file` through `file.partial`, renamed only once complete,
 * so a file under the asked name is always a whole backup. An existing file
 * is never overwritten: it may be the last good backup.
 */
export async function writeWhole(file: string, write: (partialFile: string) => Promise<void>): Promise<void> {
  if (fs.existsSync(file)) throw new OperationError(`${file} already exists: name a new file, or move the old one away first.`);
  if (!fs.existsSync(path.dirname(file))) throw new OperationError(`The folder ${path.dirname(file)} does not exist.`);
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    await write(partial);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}
