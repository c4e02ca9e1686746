import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer, type SpawnedServer } from '../../apps/server/src/spawn-server';
import { startFakeBeacon, type FakeBeacon } from '../../apps/server/src/testing/fake-beacon';
import { E2E_CAPTCHA_ANSWER, E2E_OPERATOR, E2E_ROOT_INVITE_CODE } from './server';

export interface BeaconServer {
  beacon: FakeBeacon;
  server: SpawnedServer;
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The build on a port and data of its own, its draws mixing in the rounds of
 * a drand chain of our own (apps/server/src/testing/fake-beacon.ts), waited
 * for `timeoutSeconds` before a period is void; the e2e server's operator,
 * invitation code and captcha answer.
 */
export async function startBeaconServer(port: number, timeoutSeconds: number): Promise<BeaconServer> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-fairness-'));
  const beacon = await startFakeBeacon();
  const server = await spawnServer({
    port,
    from: 'build',
    env: {
      PATH: process.env['PATH'],
      DATA_DIR: path.join(work, 'data'),
      LOG_LEVEL: 'warn',
      OPERATOR_PASSWORD: E2E_OPERATOR.password,
      ROOT_INVITE_CODE: E2E_ROOT_INVITE_CODE,
      CAPTCHA_FIXED_ANSWER: E2E_CAPTCHA_ANSWER,
      TRUST_PROXY: '127.0.0.1,::1',
      ...beacon.env(timeoutSeconds),
    },
  });
  return {
    beacon,
    server,
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      await server.stop();
      await beacon.close();
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}
