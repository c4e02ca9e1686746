import type { FastifyRequest } from 'fastify';
import { BODY_FIELD } from '@wallet/contract';
import { AppError } from '../errors.js';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export interface UploadedFile {
  bytes: Buffer;
}

export interface MultipartBody {
  /** The form fields, shaped like a JSON body: digits-only `times` becomes a number, as the signature expects. */
  fields: Record<string, unknown>;
  file: UploadedFile | null;
}

/** Reads a multipart request: text fields and at most one file, `file`, of at most 5 MB. */
export async function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const fields: Record<string, unknown> = {};
  let file: UploadedFile | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 4096 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'file') continue;
        file = { bytes };
      } else {
        fields[part.fieldname] = part.fieldname === 'times' && typeof part.value === 'string' && /^\d{1,16}$/.test(part.value)
          ? Number(part.value)
          : part.value;
      }
    }
  } catch (error) {
    // The parser's own limits carry their status (413); a body it cannot read at all (no boundary, cut off) is the client's fault.
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new AppError('VALIDATION', { fields: [{ field: BODY_FIELD, key: 'INVALID_FORMAT', params: {} }] });
  }
  return { fields, file };
}
