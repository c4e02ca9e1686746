import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sqliteFileIn } from '../../db/database.js';
import { CALLS } from '@wallet/contract';
import { registerUser, startWithOperator } from '../../testing/accounts.js';
import { FIRST_CHANNEL_ID, TEST_CHANNEL, openTestChannel } from '../../testing/money.js';
import { latestAudit } from '../../testing/money-load.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { callAs } from '../../testing/typed-call.js';
import { defaultSettings } from '../settings/defaults.js';
import { createSettingsService } from '../settings/service.js';
import { DEMO_CHANNEL, openDemoChannel } from './demo-channel.js';

const SERVER_DIR = fileURLToPath(new URL('../../../', import.meta.url));

let server: TestServer;
let token: string;
let operatorId: string;
beforeAll(async () => {
  ({ server, token } = await startWithOperator(startTestServer));
  operatorId = (await server.database.db.selectFrom('operators').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

async function channelsSeenByAUser() {
  const user = await registerUser(server);
  return (await callAs(server, { token: user.token }, CALLS.rechargeChannels, {})).body.data;
}

describe('the demo channel', () => {
  it('is offered to users under a name and details that say it is a demo, and the save is audited', async () => {
    await openDemoChannel(server.database.db, server.settings, operatorId, Date.now());
    const channels = await channelsSeenByAUser();
    expect(channels.map((c) => c.id)).toEqual([DEMO_CHANNEL.id]);
    expect(channels[0]!.name).toMatch(/demo/i);
    for (const detail of channels[0]!.details) expect(detail.value).toMatch(/demo/i);
    const [entry] = await latestAudit(server, token, 1);
    expect(entry).toMatchObject({ operator: 'admin', action: 'settings/save', target: 'rechargeChannels' });
  });

  it('is opened once however often the demo runs, beside the channels an operator opened', async () => {
    await openTestChannel(server, token);
    await openDemoChannel(server.database.db, server.settings, operatorId, Date.now());
    await openDemoChannel(server.database.db, server.settings, operatorId, Date.now());
    expect((await channelsSeenByAUser()).map((c) => [c.id, c.name])).toEqual([
      [FIRST_CHANNEL_ID, TEST_CHANNEL.name],
      [DEMO_CHANNEL.id, DEMO_CHANNEL.name],
    ]);
  });
});

describe('npm run demo', () => {
  it('on an empty data folder makes the database, prints the first start, and leaves the demo channel open and the first-start one closed', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-demo-'));
    try {
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', OPERATOR_PASSWORD: '', LOG_LEVEL: 'silent' };
      const { stdout } = await promisify(execFile)('npx', ['tsx', 'src/demo.ts'], { cwd: SERVER_DIR, env });
      expect(stdout).toContain('Operator account created: admin');
      expect(stdout).toContain(`Recharge channel "${DEMO_CHANNEL.name}" is open`);
      const database = openDatabase({ sqliteFile: sqliteFileIn(dataDir) });
      try {
        const channels = await createSettingsService(database.db, defaultSettings('en'), Date.now).get('rechargeChannels');
        expect(channels.map((c) => [c.id, c.enabled])).toEqual([
          [FIRST_CHANNEL_ID, false],
          [DEMO_CHANNEL.id, true],
        ]);
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
