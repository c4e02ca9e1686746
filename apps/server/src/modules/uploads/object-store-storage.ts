import { AwsClient } from 'aws4fetch';
import type { ObjectStoreConfig } from '../../config.js';
import { contentTypeOfName } from './image-type.js';
import type { Storage } from './storage.js';

const REQUEST_TIMEOUT_MS = 30_000;
/** aws4fetch retries 5xx and 429 with a growing wait; a few are enough before the client hears of it. */
const RETRIES = 2;

async function failure(response: Response, what: string): Promise<Error> {
  const detail = (await response.text()).slice(0, 300);
  return new Error(`the object store answered ${response.status} to ${what}: ${detail}`);
}

/** Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), addressed path-style: `endpoint/bucket/name`. */
export function createObjectStoreStorage(config: ObjectStoreConfig): Storage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
    retries: RETRIES,
  });
  const urlOf = (name: string) => `${config.endpoint}/${encodeURIComponent(config.bucket)}/${encodeURIComponent(name)}`;
  return {
    async put(name, bytes) {
      const response = await client.fetch(urlOf(name), {
        method: 'PUT',
        body: new Uint8Array(bytes),
        headers: { 'content-type': contentTypeOfName(name) },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) throw await failure(response, `keeping ${name}`);
      await response.body?.cancel();
    },
    async get(name) {
      const response = await client.fetch(urlOf(name), { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await failure(response, `reading ${name}`);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
