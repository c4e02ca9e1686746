import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalObjectStore, type LocalObjectStore } from '../../testing/object-store.js';
import { freePort } from '../../spawn-server.js';
import { TINY_IMAGES } from '../../testing/uploads.js';
import { createObjectStoreStorage } from './object-store-storage.js';

/* The object store adapter against a local S3-compatible server that checks each request's SigV4 signature. */

let store: LocalObjectStore;
beforeAll(async () => {
  store = await startLocalObjectStore();
});
afterAll(() => store.close());

const NAME = '0b7c2f8e-1d5a-4c3b-9e6f-2a1b3c4d5e6f.png';

describe('the object store adapter', () => {
  it('keeps bytes under a name and gives the same bytes back; keeping them again changes nothing', async () => {
    const storage = createObjectStoreStorage(store.config);
    await storage.put(NAME, TINY_IMAGES.png.bytes);
    await storage.put(NAME, TINY_IMAGES.png.bytes);
    expect((await storage.get(NAME))?.equals(TINY_IMAGES.png.bytes)).toBe(true);
  });

  it('answers null for a name it never kept', async () => {
    expect(await createObjectStoreStorage(store.config).get('00000000-0000-0000-0000-000000000000.gif')).toBeNull();
  });

  it('fails loudly, without the secret, when the store refuses the keys', async () => {
    const secretAccessKey = 'not-the-secret-of-this-store';
    const storage = createObjectStoreStorage({ ...store.config, secretAccessKey });
    const refused = await storage.get(NAME).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(refused?.message).toMatch(/^the object store answered 403 to reading/);
    expect(refused?.message).not.toContain(secretAccessKey);
    await expect(storage.put(NAME, TINY_IMAGES.gif.bytes)).rejects.toThrow(/answered 403 to keeping/);
  });

  it('fails when the store cannot be reached', async () => {
    const storage = createObjectStoreStorage({ ...store.config, endpoint: `http://127.0.0.1:${await freePort()}` });
    await expect(storage.get(NAME)).rejects.toThrow();
  });
});
