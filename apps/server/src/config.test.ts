import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const PROPER_KEYS = 'k2:a-production-signing-key-0123456789';
const PROPER_UPLOAD_SECRET = 'a-production-upload-signing-secret-0123';

/** The message of the ConfigError that loading this environment throws. */
function configProblem(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('loadConfig', () => {
  it('has laptop-safe defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      production: false,
      port: 8080,
      host: '127.0.0.1',
      appId: 'wallet-h5',
      defaultLang: 'en',
      databaseUrl: undefined,
      operatorPassword: undefined,
      rootInviteCode: undefined,
      captchaFixedAnswer: undefined,
      requestTimeoutMs: 30_000,
    });
    expect(config.signingKeys.map((k) => k.keyId)).toEqual(['k1']);
  });

  it('reads the variables it is given', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      APP_ID: 'my-app',
      APP_SIGNING_KEYS: `${PROPER_KEYS},k1:an-older-signing-key-0123`,
      DATABASE_URL: 'postgres://wallet@db/wallet',
      DEFAULT_LANG: 'zh-hant',
      TIME_ZONE: 'Asia/Shanghai',
      REQUEST_TIMEOUT_SECONDS: '5',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      appId: 'my-app',
      databaseUrl: 'postgres://wallet@db/wallet',
      defaultLang: 'zh-TW',
      timeZone: 'Asia/Shanghai',
      requestTimeoutMs: 5_000,
    });
    expect(config.signingKeys.map((k) => k.keyId)).toEqual(['k2', 'k1']);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['DEFAULT_LANG', 'xx'],
    ['TIME_ZONE', 'Mars/Olympus_Mons'],
    ['APP_ID', 'has spaces'],
    ['OPERATOR_PASSWORD', 'short'],
    ['ROOT_INVITE_CODE', 'no-dashes!'],
    ['APP_SIGNING_KEYS', 'k1:short'],
    ['REQUEST_TIMEOUT_SECONDS', '0'],
    ['REQUEST_TIMEOUT_SECONDS', '301'],
    ['REQUEST_TIMEOUT_SECONDS', '2.5'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '1'],
    ['TRUST_PROXY', '*'],
    ['TRUST_PROXY', '0.0.0.0/0'],
    ['TRUST_PROXY', '127.0.0.1,::/0'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', 'nginx.internal'],
    ['API_DOCS', 'yes'],
  ])('refuses %s=%j and names the variable', (name, value) => {
    expect(configProblem({ [name]: value })).toContain(name);
  });

  it('names every bad variable at once', () => {
    const message = configProblem({ PORT: 'abc', DEFAULT_LANG: 'xx' });
    expect(message).toContain('PORT');
    expect(message).toContain('DEFAULT_LANG');
  });

  it.each([
    ['a key without an id', 'my-very-secret-signing-key'],
    ['a key that is too short', 'k1:tiny-secret'],
    ['a key given twice', 'k1:my-very-secret-signing-key,k1:my-very-secret-signing-key'],
  ])('never shows the signing key in the message for %s', (_name, keys) => {
    const message = configProblem({ APP_SIGNING_KEYS: keys });
    expect(message).toContain('APP_SIGNING_KEYS');
    expect(message).not.toMatch(/my-very-sec|tiny-secret/);
  });

  it('never shows a refused password in the message', () => {
    expect(configProblem({ OPERATOR_PASSWORD: 'hunter2' })).not.toContain('hunter2');
  });

  it('refuses the development signing key in production', () => {
    expect(configProblem({ NODE_ENV: 'production' })).toContain('APP_SIGNING_KEYS');
    expect(
      configProblem({ NODE_ENV: 'production', APP_SIGNING_KEYS: `${PROPER_KEYS},k1:dev-signing-key-change-me` }),
    ).toContain('APP_SIGNING_KEYS');
  });

  it('refuses CAPTCHA_FIXED_ANSWER in production', () => {
    expect(configProblem({ NODE_ENV: 'production', APP_SIGNING_KEYS: PROPER_KEYS, CAPTCHA_FIXED_ANSWER: '1234' })).toContain(
      'CAPTCHA_FIXED_ANSWER',
    );
  });

  it('allows CAPTCHA_FIXED_ANSWER outside production', () => {
    expect(loadConfig({ CAPTCHA_FIXED_ANSWER: '1234' }).captchaFixedAnswer).toBe('1234');
  });

  it('believes X-Forwarded-For only from the listed proxies: addresses and ranges, none by default', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, ::1 ,10.0.0.0/8,fd00::/8' }).trustProxy).toEqual(['127.0.0.1', '::1', '10.0.0.0/8', 'fd00::/8']);
  });

  it('lets content show https images from the listed hosts only: none by default, host names without scheme, port or wildcard', () => {
    expect(loadConfig({}).contentImageHosts).toEqual([]);
    expect(loadConfig({ CONTENT_IMAGE_HOSTS: ' cdn.example.com,images.example.org , cdn.example.com' }).contentImageHosts).toEqual(['cdn.example.com', 'images.example.org']);
    for (const hosts of ['https://cdn.example.com', 'cdn.example.com:8443', '*.example.com', 'CDN.example.com', 'cdn.example.com/images', "cdn.example.com 'unsafe-inline'"]) {
      expect(configProblem({ CONTENT_IMAGE_HOSTS: hosts }), hosts).toContain('CONTENT_IMAGE_HOSTS');
    }
  });

  it('serves the API documentation outside production, and in production only with API_DOCS=public', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    const production = { NODE_ENV: 'production', APP_SIGNING_KEYS: PROPER_KEYS, UPLOAD_SIGNING_SECRET: PROPER_UPLOAD_SECRET };
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'public' }).apiDocs).toBe(true);
  });

  it('starts in production with a proper key', () => {
    const config = loadConfig({ NODE_ENV: 'production', APP_SIGNING_KEYS: PROPER_KEYS, UPLOAD_SIGNING_SECRET: PROPER_UPLOAD_SECRET });
    expect(config.production).toBe(true);
    expect(config.signingKeys).toEqual([{ keyId: 'k2', key: 'a-production-signing-key-0123456789' }]);
  });
});

describe('the uploads’ configuration', () => {
  const S3 = { S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'wallet-uploads', S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 'a-secret-key' };

  it('needs its own secret for signed links in production, of at least 32 characters', () => {
    expect(configProblem({ NODE_ENV: 'production', APP_SIGNING_KEYS: PROPER_KEYS })).toContain('UPLOAD_SIGNING_SECRET is required in production');
    expect(configProblem({ UPLOAD_SIGNING_SECRET: 'x'.repeat(31) })).toContain('UPLOAD_SIGNING_SECRET must be at least 32 characters');
    expect(configProblem({ UPLOAD_SIGNING_SECRET: 'x'.repeat(31) })).not.toContain('x'.repeat(31));
    expect(loadConfig({ UPLOAD_SIGNING_SECRET: PROPER_UPLOAD_SECRET }).uploadSigningSecret).toBe(PROPER_UPLOAD_SECRET);
  });

  it('outside production derives one from the app signing keys: the same on every instance that shares them', () => {
    const derived = loadConfig({ APP_SIGNING_KEYS: PROPER_KEYS }).uploadSigningSecret;
    expect(derived.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ APP_SIGNING_KEYS: PROPER_KEYS }).uploadSigningSecret).toBe(derived);
    expect(loadConfig({}).uploadSigningSecret).not.toBe(derived);
    expect(derived).not.toContain('a-production-signing-key');
  });

  it('keeps the files in the database unless a whole object store is configured', () => {
    expect(loadConfig({}).objectStore).toBeUndefined();
    expect(loadConfig({ ...S3, S3_ENDPOINT: 'https://s3.example.com/' }).objectStore).toEqual({
      endpoint: 'https://s3.example.com',
      bucket: 'wallet-uploads',
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'a-secret-key',
    });
    expect(loadConfig({ ...S3, S3_REGION: 'eu-central-1' }).objectStore?.region).toBe('eu-central-1');
    const { S3_SECRET_ACCESS_KEY: _secret, ...withoutSecret } = S3;
    expect(configProblem(withoutSecret)).toContain('missing: S3_SECRET_ACCESS_KEY');
    expect(configProblem({ ...S3, S3_ENDPOINT: 'https://s3.example.com/bucket' })).toContain('S3_ENDPOINT');
    expect(configProblem({ ...S3, S3_BUCKET: 'Not_A_Bucket' })).toContain('S3_BUCKET');
  });
});

describe('the beacon’s configuration', () => {
  const QUICKNET_KEY =
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a';
  const QUICKNET_URL = 'https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971';

  it('is off unless both the address and the key are given, and then pins the key', () => {
    expect(loadConfig({}).fairnessBeacon).toBeUndefined();
    expect(loadConfig({ FAIRNESS_BEACON_URL: `${QUICKNET_URL}/`, FAIRNESS_BEACON_PUBLIC_KEY: QUICKNET_KEY.toUpperCase() }).fairnessBeacon).toEqual({
      url: QUICKNET_URL,
      publicKey: QUICKNET_KEY,
      timeoutMs: 300_000,
    });
    expect(loadConfig({ FAIRNESS_BEACON_URL: QUICKNET_URL, FAIRNESS_BEACON_PUBLIC_KEY: QUICKNET_KEY, FAIRNESS_BEACON_TIMEOUT_SECONDS: '60' }).fairnessBeacon?.timeoutMs).toBe(60_000);
  });

  it('names a half-given beacon, a key that is not a G2 key and a timeout out of range', () => {
    expect(configProblem({ FAIRNESS_BEACON_URL: QUICKNET_URL })).toContain('FAIRNESS_BEACON_URL and FAIRNESS_BEACON_PUBLIC_KEY together');
    expect(configProblem({ FAIRNESS_BEACON_PUBLIC_KEY: QUICKNET_KEY })).toContain('FAIRNESS_BEACON_URL and FAIRNESS_BEACON_PUBLIC_KEY together');
    expect(configProblem({ FAIRNESS_BEACON_URL: QUICKNET_URL, FAIRNESS_BEACON_PUBLIC_KEY: QUICKNET_KEY.slice(2) })).toContain('FAIRNESS_BEACON_PUBLIC_KEY');
    expect(configProblem({ FAIRNESS_BEACON_URL: 'ftp://drand.example', FAIRNESS_BEACON_PUBLIC_KEY: QUICKNET_KEY })).toContain('FAIRNESS_BEACON_URL');
    expect(configProblem({ FAIRNESS_BEACON_URL: QUICKNET_URL, FAIRNESS_BEACON_PUBLIC_KEY: QUICKNET_KEY, FAIRNESS_BEACON_TIMEOUT_SECONDS: '5' })).toContain('FAIRNESS_BEACON_TIMEOUT_SECONDS');
  });
});
