// Reading the JSON reports of Vitest and Playwright: totals, and the names of what failed.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

// "file › test: first line of the error", for each failed Vitest test or file that failed to load.
export function failedVitest(file) {
  const firstLine = (text) => (text ?? '').split('\n')[0].slice(0, 300);
  const failures = (r) =>
    (r.testResults ?? []).flatMap((suite) => {
      const path = relative(process.cwd(), suite.name ?? '?');
      const tests = (suite.assertionResults ?? [])
        .filter((t) => t.status === 'failed')
        .map((t) => `${path} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      return tests.length === 0 && suite.status === 'failed' ? [`${path}: ${firstLine(suite.message)}`] : tests;
    });
  return counts(file, failures, []);
}

export function failedPlaywright(file) {
  const walk = (suite) => [
    ...(suite.specs ?? []).filter((spec) => !spec.ok).map((spec) => `${spec.file} › ${spec.title}`),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return counts(file, (r) => (r.suites ?? []).flatMap(walk), []);
}

export function counts(file, read, empty = { passed: 0, failed: 0 }) {
  if (!existsSync(file)) return empty;
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return empty;
  }
}
