// `npm test`: lint, import cycles, typecheck, then against the production build the unit and integration
// tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set) beside the browser tests.
// Ends with one line summing every suite: "N passed, N failed, N skipped".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, '.tmp');
fs.mkdirSync(resultsDir, { recursive: true });
const inCi = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
// The names of failed tests, repeated at the end so the last lines of a long log say what broke.
const failedTests = [];

const stepSeconds = [];

function run(name, command, args, env = {}) {
  console.log(`\n── ${name} ──`);
  const startedAt = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  stepSeconds.push(`${name} ${Math.round((Date.now() - startedAt) / 1000)} s`);
  const ok = result.status === 0;
  if (!ok) failedSteps.push(name);
  return ok;
}

/**
 * A step run beside others: its output goes to a file and is printed whole when it ends, so two suites'
 * lines never interleave. Most of either suite waits on a socket, a timer or a browser, not on the CPU.
 */
function runBeside(name, command, args, env = {}) {
  const startedAt = Date.now();
  const logFile = path.join(resultsDir, `${name.replace(/\W+/g, '-')}.log`);
  const out = fs.openSync(logFile, 'w');
  console.log(`\n── ${name}: started, its output follows when it ends ──`);
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      fs.closeSync(out);
      stepSeconds.push(`${name} ${Math.round((Date.now() - startedAt) / 1000)} s`);
      console.log(`\n── ${name} ──`);
      process.stdout.write(fs.readFileSync(logFile));
      if (code !== 0) failedSteps.push(name);
      resolve(code === 0);
    });
  });
}

function firstLine(text) {
  return stripVTControlCharacters(String(text ?? '')).split('\n').find((line) => line.trim()) ?? '';
}

function collectPlaywrightFailures(suites) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        failedTests.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
      }
    }
    collectPlaywrightFailures(suite.suites ?? []);
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (!run('lint', 'npx', ['eslint', '--max-warnings=0', '.'])) totals.failed += 1;
if (!run('import cycles', 'node', ['scripts/import-cycles.mjs'])) totals.failed += 1;
if (!run('typecheck', 'npm', ['run', '--silent', 'typecheck'])) totals.failed += 1;

if (!process.env.TEST_DATABASE_URL) {
  console.log('\nTEST_DATABASE_URL is not set: integration tests run on SQLite only.');
}
const vitestJson = path.join(resultsDir, 'vitest.json');
fs.rmSync(vitestJson, { force: true });
// Servers the tests start run from the build, as in production; without a build, from the sources.
const built = run('build', 'npm', ['run', '--silent', 'build']);
if (!built) totals.failed += 1;
const vitestRun = runBeside('unit and integration tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], built ? { SERVER_FROM: 'build' } : {});

const playwrightJson = path.join(root, 'e2e/.results/results.json');
let browserRun = Promise.resolve(false);
if (!fs.existsSync(chromium)) {
  const message = `Chromium not found at ${chromium}: browser tests not run.`;
  console.log(`\n${message}${inCi ? '' : ' Install it (apt-get install chromium) to run them.'}`);
  if (inCi) {
    failedSteps.push('browser tests (no Chromium)');
    totals.failed += 1;
  } else totals.skipped += 1;
} else if (built) {
  fs.rmSync(playwrightJson, { force: true });
  browserRun = runBeside('browser tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }).then(() => true);
}
const [, browserTestsRan] = await Promise.all([vitestRun, browserRun]);

const vitest = readJson(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  for (const file of vitest.testResults ?? []) {
    const relative = path.relative(root, file.name);
    const failures = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failures) failedTests.push(`${relative} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that fails before its tests run (in a hook, or at import) counts as one failure.
    if (!failures.length && file.status === 'failed') {
      failedTests.push(`${relative}: ${firstLine(file.message)}`);
      totals.failed += 1;
    }
  }
} else totals.failed += 1;

if (browserTestsRan) {
  const report = readJson(playwrightJson);
  const stats = report?.stats;
  if (stats) {
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    collectPlaywrightFailures(report.suites ?? []);
  } else totals.failed += 1;
}

// Where the time goes, so the suite can be kept inside its budget.
console.log(`\nTime per step: ${stepSeconds.join(', ')}`);
if (failedSteps.length) console.log(`\nFailed: ${failedSteps.join(', ')}`);
for (const test of failedTests) console.log(`  ✗ ${test.slice(0, 300)}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
