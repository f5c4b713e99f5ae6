#!/usr/bin/env node
// `npm test`: type check, lint, formatting (Prettier), unit + API + ingest tests (Vitest), then end-to-end tests in
// Debian's Chromium (Playwright). Ends with one line "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { counts, failedPlaywright, failedVitest, slowestFiles } from './test-report.mjs';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return status === 0;
}

for (const name of ['TEST_DATABASE_URL', 'TEST_MQTT_URL', 'TEST_REDIS_URL']) {
  console.log(`${name}: ${process.env[name] ? process.env[name] : 'not set (embedded components only)'}`);
}

const steps = [];
steps.push(run('type check', 'npm', ['run', 'typecheck']));
steps.push(run('lint', 'npm', ['run', 'lint']));
steps.push(run('formatting', 'npm', ['run', 'format:check']));
// Built first: the restart tests (kill -9 of the built server mid-delivery) run dist/main.js, never a stale one.
const built = run('build', 'npm', ['run', 'build']);
steps.push(built);
const vitestJson = join(results, 'vitest.json');
steps.push(run('unit, API and ingest tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]));

const chromium = ensureChromium();
const playwrightJson = join(results, 'playwright.json');
if (chromium.ok && built) {
  steps.push(
    run('end-to-end tests in Chromium', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson }),
  );
} else {
  console.error(`\nEnd-to-end tests cannot run: ${chromium.ok ? 'the build failed' : chromium.message}`);
  steps.push(false);
}

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
