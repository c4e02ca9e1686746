import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { ObjectStoreConfig } from '../config.js';

/** The keys the local S3 server knows; it checks every request's signature against them. */
const LOCAL_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const LOCAL_BUCKET = 'wallet-uploads';

export interface LocalObjectStore {
  config: ObjectStoreConfig;
  /** The server's configuration for this store, as environment variables. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** An S3-compatible server on the loopback with one empty bucket, its objects in a temporary folder. */
export async function startLocalObjectStore(): Promise<LocalObjectStore> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: LOCAL_BUCKET }] });
  const { port } = await server.run();
  const config: ObjectStoreConfig = { endpoint: `http://127.0.0.1:${port}`, bucket: LOCAL_BUCKET, region: 'us-east-1', ...LOCAL_KEYS };
  return {
    config,
    env: {
      S3_ENDPOINT: config.endpoint,
      S3_BUCKET: config.bucket,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
