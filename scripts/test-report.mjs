// Reading the JSON reports of Vitest and Playwright: totals, and the names of what failed.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

// "file › test: first line of the error", for each failed Vitest test or file that failed to load.
export function failedVitest(file) {
  // Vitest reports a test that outran its timeout with the stack of its marker error, not the timeout's message.
  const firstLine = (text) => {
    const line = (text ?? '').split('\n')[0].slice(0, 300);
    return line === 'Error: STACK_TRACE_ERROR' ? 'did not finish within its timeout (Vitest says "STACK_TRACE_ERROR")' : line;
  };
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
    ...(suite.specs ?? [])
      .filter((spec) => !spec.ok || spec.tests?.some((test) => test.status === 'flaky'))
      .map((spec) => `${spec.file} › ${spec.title}${spec.ok ? ' (failed, then passed when run again: flaky)' : ''}`),
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

// "12.3 s  path", the `top` slowest test files of Vitest and of Playwright, slowest first: CI time is
// read from the tail of the log, so it says where the time went.
export function slowestFiles(vitestFile, playwrightFile, top = 8) {
  const vitest = counts(
    vitestFile,
    (r) => (r.testResults ?? []).map((suite) => [relative(process.cwd(), suite.name ?? '?'), ((suite.endTime ?? 0) - (suite.startTime ?? 0)) / 1000]),
    [],
  );
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((test) => test.results.map((result) => result.duration ?? 0)).reduce((sum, value) => sum + value, 0);
      byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + ms / 1000);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  counts(playwrightFile, (r) => (r.suites ?? []).forEach(walk), undefined);
  const lines = (entries) =>
    entries
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, seconds]) => `${seconds.toFixed(1).padStart(7)} s  ${name}`);
  return { vitest: lines(vitest), e2e: lines([...byFile]) };
}
