#!/usr/bin/env node
// `npm test`: the build, then end-to-end tests in Debian's Chromium (Playwright) beside type check, lint, formatting
// (Prettier) and unit + API + ingest tests (Vitest). Ends with one line "tests: N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { counts, failedPlaywright, failedVitest, slowestFiles } from './test-report.mjs';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });

const seconds = (since) => Math.round((Date.now() - since) / 1000);

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${title}: ${status === 0 ? 'passed' : 'failed'} in ${seconds(started)} s`);
  return status === 0;
}

/** `run` without waiting: its output goes straight through, and the promise says whether it passed. */
function runBeside(title, command, args, env = {}) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (status) => {
      console.log(`=== ${title}: ${status === 0 ? 'passed' : 'failed'} in ${seconds(started)} s`);
      resolve(status === 0);
    });
  });
}

/**
 * Steps that only read the sources, side by side (the type check, lint and formatting took 100 s
 * one after the other); each one's output is printed whole once it ends.
 */
function runTogether(steps) {
  return Promise.all(
    steps.map(
      ([title, command, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const output = [];
          const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (status) => {
            console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
            process.stdout.write(Buffer.concat(output));
            console.log(`=== ${title}: ${status === 0 ? 'passed' : 'failed'} in ${seconds(started)} s`);
            resolve(status === 0);
          });
        }),
    ),
  );
}

for (const name of ['TEST_DATABASE_URL', 'TEST_MQTT_URL', 'TEST_REDIS_URL']) {
  console.log(`${name}: ${process.env[name] ? process.env[name] : 'not set (embedded components only)'}`);
}

const steps = [];
// Built first: the end-to-end tests serve the build, and the restart tests (kill -9 of the built server
// mid-delivery) run dist/main.js, never a stale one. The type check's `tsc -b` then finds the packages
// up to date and writes nothing while the end-to-end servers run them.
const built = run('build', 'npm', ['run', 'build']);
steps.push(built);
const vitestJson = join(results, 'vitest.json');
const playwrightJson = join(results, 'playwright.json');
const chromium = ensureChromium();
// The end-to-end tests, the longest step, start at once, their list printed as it goes. Beside them, on
// the other core, the checks that only read the sources, then Vitest (neither kept both cores busy
// alone: one browser, one server; Vitest's files mostly wait on the database and the broker); their
// outputs are printed whole as each ends.
let endToEnd = Promise.resolve(false);
if (chromium.ok && built) {
  endToEnd = runBeside('end-to-end tests in Chromium', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  });
} else {
  console.error(`\nEnd-to-end tests cannot run: ${chromium.ok ? 'the build failed' : chromium.message}`);
}
steps.push(
  ...(await runTogether([
    ['type check', 'npm', ['run', 'typecheck']],
    ['lint', 'npm', ['run', 'lint']],
    ['formatting', 'npm', ['run', 'format:check']],
  ])),
);
steps.push(
  ...(await runTogether([
    ['unit, API and ingest tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]],
  ])),
);
steps.push(await endToEnd);

// A file that fails to load has no failed test but a failed suite: count it once.
const unit = counts(vitestJson, (r) => ({ passed: r.numPassedTests ?? 0, failed: r.numFailedTests || r.numFailedTestSuites || 0 }));
const e2e = counts(playwrightJson, (r) => ({ passed: r.stats?.expected ?? 0, failed: (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0) }));
const failedSteps = steps.filter((ok) => !ok).length;
const slowest = slowestFiles(vitestJson, playwrightJson);
console.log(`\nslowest Vitest files:\n${slowest.vitest.join('\n')}\nslowest end-to-end specs:\n${slowest.e2e.join('\n')}`);
// The tail of a long log is often all that is kept: name what failed right above the totals.
for (const name of [...failedVitest(vitestJson), ...failedPlaywright(playwrightJson)]) console.log(`failed: ${name}`);
const passed = unit.passed + e2e.passed;
const failed = unit.failed + e2e.failed + (failedSteps > 0 && unit.failed + e2e.failed === 0 ? failedSteps : 0);
console.log(`\nunit/API: ${unit.passed} passed, ${unit.failed} failed; end-to-end: ${e2e.passed} passed, ${e2e.failed} failed; failed steps: ${failedSteps}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps === 0 ? 0 : 1);
