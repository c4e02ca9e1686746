import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** What a download call's handler answers: the file's name and its text in pieces. */
export interface CsvDownload {
  filename: string;
  text: AsyncIterable<string>;
}

/** Streams a CSV file as a download that no cache keeps. */
export function sendCsv(reply: FastifyReply, { filename, text }: CsvDownload) {
  reply.header('content-type', 'text/csv; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${filename}"`);
  reply.header('cache-control', 'no-store');
  return reply.send(Readable.from(text));
}
