import http from 'node:http';
import { CALLS, type CallResult, type Envelope, type uploadImage as uploadImageCall } from '@wallet/contract';
import { signedBody, type CallResponse, type SignOptions, type TestServer } from './test-server.js';
import { randomIp } from './typed-call.js';

/** The smallest real images of each accepted type (1×1 pixel), valid for any decoder. */
export const TINY_IMAGES = {
  png: {
    contentType: 'image/png',
    bytes: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
  },
  jpg: {
    contentType: 'image/jpeg',
    // Baseline, one grey 8×8 block: JFIF header, all-ones quantisation table, one-code Huffman tables.
    bytes: Buffer.from(
      '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/' +
        'wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AP//Z',
      'base64',
    ),
  },
  gif: {
    contentType: 'image/gif',
    bytes: Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
  },
  webp: {
    contentType: 'image/webp',
    bytes: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
  },
} as const;

export interface UploadFile {
  bytes: Buffer;
  filename?: string;
  contentType?: string;
}

export interface UploadOptions {
  token?: string;
  file?: UploadFile;
  /** Overrides or adds form fields after signing (e.g. a wrong `sign`). */
  fields?: Record<string, string>;
  sign?: SignOptions;
  ip?: string;
  /** The caller's language; English unless told. */
  lang?: string;
}

/** The upload a client makes: the signed fields as text form fields (times as a string) and one `file`. */
export async function uploadImage(server: TestServer, options: UploadOptions = {}): Promise<CallResponse<CallResult<typeof uploadImageCall>>> {
  const signed = signedBody({}, { ...options.sign, ...(options.token ? { token: options.token } : {}) });
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...signed, ...options.fields })) form.append(name, String(value));
  if (options.file) {
    const blob = new Blob([new Uint8Array(options.file.bytes)], { type: options.file.contentType ?? 'application/octet-stream' });
    form.append('file', blob, options.file.filename ?? 'picture');
  }
  const response = await fetch(`${server.baseUrl}${CALLS.uploadImage.path}`, {
    method: 'POST',
    headers: { 'accept-language': options.lang ?? 'en', 'x-forwarded-for': options.ip ?? randomIp() },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Envelope<CallResult<typeof uploadImageCall>>, headers: response.headers };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with the path sent exactly as written (fetch would normalise `..`). */
export function rawGet(server: TestServer, path: string): Promise<RawResponse> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
