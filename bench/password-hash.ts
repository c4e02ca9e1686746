// Times one argon2id hash and one verify with the server's parameters: `npx tsx bench/password-hash.ts`.
import { ARGON2_PARAMETERS, hashPassword, verifyPassword } from '../apps/server/src/security/passwords.js';

const RUNS = 20;
await hashPassword('warm-up-1');

let started = performance.now();
let stored = '';
for (let i = 0; i < RUNS; i += 1) stored = await hashPassword(`secret${i}`);
const hashMs = (performance.now() - started) / RUNS;

started = performance.now();
for (let i = 0; i < RUNS; i += 1) await verifyPassword(stored, `secret${RUNS - 1}`);
const verifyMs = (performance.now() - started) / RUNS;

const { memoryCost, timeCost, parallelism } = ARGON2_PARAMETERS;
console.log(`argon2id m=${memoryCost} t=${timeCost} p=${parallelism}: hash ${hashMs.toFixed(1)} ms, verify ${verifyMs.toFixed(1)} ms (mean of ${RUNS})`);
