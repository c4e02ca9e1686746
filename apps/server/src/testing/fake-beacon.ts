import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { BEACON_SCHEME, beaconMessage, beaconRandomnessOf, beaconRoundAt } from '@wallet/contract/game';

const DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

/**
 * How the beacon answers a round: as drand does; a signature by another
 * key; another round than asked; not yet published (404); not at all (the
 * connection dropped); or never (the connection held open, unanswered).
 */
export type FakeBeaconMode = 'ok' | 'bad-signature' | 'wrong-round' | 'late' | 'down' | 'hang';

export interface FakeBeacon {
  url: string;
  publicKey: string;
  genesisTime: number;
  period: number;
  mode: FakeBeaconMode;
  /** Rounds asked for, in order. */
  asked: number[];
  /** Asks held open unanswered (mode `hang`) whose asker has not given up yet. */
  hanging: number;
  /** What the chain says of round `round`, signed with its key. */
  roundOf(round: number): { round: number; randomness: string; signature: string };
  /** The env that points a server at it. */
  env(timeoutSeconds?: number): Record<string, string>;
  close(): Promise<void>;
}

const keyPair = () => {
  const { secretKey } = bls12_381.shortSignatures.keygen();
  return { secretKey, publicKey: bls12_381.shortSignatures.getPublicKey(secretKey).toBytes() };
};

function signed(secretKey: Uint8Array, round: number) {
  const signature = bytesToHex(bls12_381.shortSignatures.sign(bls12_381.shortSignatures.hash(beaconMessage(round), DST), secretKey).toBytes());
  return { round, randomness: beaconRandomnessOf(signature)!, signature };
}

/**
 * A drand chain of our own on a local port (the `/info` and `/public/{round}`
 * of drand's HTTP API, scheme bls-unchained-g1-rfc9380), signing with a key
 * made for the test: the edge of the world, where the real beacon would be.
 */
export async function startFakeBeacon(options: { genesisTime?: number; period?: number } = {}): Promise<FakeBeacon> {
  const chainKey = keyPair();
  const strangerKey = keyPair();
  const sockets = new Set<Socket>();
  const beacon: Omit<FakeBeacon, 'url'> & { url: string } = {
    url: '',
    publicKey: bytesToHex(chainKey.publicKey),
    genesisTime: options.genesisTime ?? 1_692_803_367,
    period: options.period ?? 3,
    mode: 'ok',
    asked: [],
    hanging: 0,
    roundOf: (round) => signed(chainKey.secretKey, round),
    env: (timeoutSeconds = 300) => ({
      FAIRNESS_BEACON_URL: beacon.url,
      FAIRNESS_BEACON_PUBLIC_KEY: beacon.publicKey,
      FAIRNESS_BEACON_TIMEOUT_SECONDS: String(timeoutSeconds),
    }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const json = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const server = http.createServer((request, response) => {
    const path = request.url ?? '';
    if (path === '/info') {
      if (beacon.mode === 'down') return void request.socket.destroy();
      return json(response, 200, { public_key: beacon.publicKey, period: beacon.period, genesis_time: beacon.genesisTime, hash: 'f'.repeat(64), schemeID: BEACON_SCHEME });
    }
    const match = /^\/public\/(\d+|latest)$/.exec(path);
    if (!match) return json(response, 404, { error: 'not found' });
    // `latest`: the newest round by this machine's clock.
    const round = match[1] === 'latest' ? beaconRoundAt(beacon, Date.now()) : Number(match[1]);
    beacon.asked.push(round);
    switch (beacon.mode) {
      case 'down':
        return void request.socket.destroy();
      case 'hang':
        beacon.hanging += 1;
        request.socket.once('close', () => (beacon.hanging -= 1));
        return;
      case 'late':
        return json(response, 404, { error: 'round not yet published' });
      case 'wrong-round':
        return json(response, 200, signed(chainKey.secretKey, round + 1));
      case 'bad-signature':
        return json(response, 200, signed(strangerKey.secretKey, round));
      default:
        return json(response, 200, signed(chainKey.secretKey, round));
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  beacon.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return beacon;
}
