import { csvLine, type Cell } from './csv.js';
import type { Cursor } from './sources.js';

/** Rows read per query: memory holds one batch, however many rows the file has. */
const BATCH_ROWS = 2_000;

export type ReadBatch = (after: Cursor | null, limit: number) => Promise<{ cells: Cell[]; cursor: Cursor }[]>;

/** The file's text in pieces: the byte-order mark and header, then one piece per batch, oldest first. */
export async function* csvText(header: readonly string[], readBatch: ReadBatch): AsyncGenerator<string> {
  // The byte-order mark tells spreadsheets the file is UTF-8, so Chinese and Arabic names stay readable.
  yield `\uFEFF${csvLine(header)}`;
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await readBatch(cursor, BATCH_ROWS);
    if (rows.length === 0) return;
    yield rows.map((row) => csvLine(row.cells)).join('');
    cursor = rows[rows.length - 1]!.cursor;
    if (rows.length < BATCH_ROWS) return;
  }
}
