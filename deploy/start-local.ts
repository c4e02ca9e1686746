// `npm run topology -- [--instances N] [--port P]`: N server instances (2 by default) on the PostgreSQL
// database of DATABASE_URL and the Redis of REDIS_URL, behind nginx on 127.0.0.1:P (8080 by default).
// Every other variable of this environment (APP_SIGNING_KEYS, OPERATOR_PASSWORD…) goes to each instance alike.
// Ctrl-C stops nginx, then the instances.
import { parseArgs } from 'node:util';
import { LOCAL_REDIS_URL } from './services.js';
import { startTopology } from './topology.js';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function wholeNumber(text: string, name: string, min: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) fail(`--${name} must be a whole number of at least ${min}, not "${text}"`);
  return value;
}

const { values } = parseArgs({ options: { instances: { type: 'string', default: '2' }, port: { type: 'string', default: '8080' } } });
const instances = wholeNumber(values.instances, 'instances', 1);
const port = wholeNumber(values.port, 'port', 1);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  fail('Set DATABASE_URL to a PostgreSQL database (postgres://…): several instances share one PostgreSQL, never an SQLite file.');
}
const redisUrl = process.env.REDIS_URL || LOCAL_REDIS_URL;

process.stdout.write(`Starting ${instances} instance(s) on ${databaseUrl.replace(/\/\/[^@/]*@/, '//…@')} and ${redisUrl}, then nginx on port ${port}…\n`);
const topology = await startTopology({
  instances,
  databaseUrl,
  redisUrl,
  env: process.env,
  port,
  ...(process.env.DATA_DIR ? { dataDir: process.env.DATA_DIR } : {}),
  instanceOutput: 'inherit',
});
process.stdout.write(
  [
    '',
    `nginx:     ${topology.url}/  (pid ${topology.nginxPid})`,
    ...topology.instances.map((instance, i) => `instance ${i + 1}: ${instance.url}/  (pid ${instance.pid})`),
    '',
    'Ctrl-C stops them all.',
    '',
  ].join('\n'),
);

let stopping = false;
const stopAll = async () => {
  if (stopping) return;
  stopping = true;
  await topology.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stopAll());
process.on('SIGTERM', () => void stopAll());
