/**
 * Where a screen's reload goes (by default the device list's first page): the console bench's setting (demo
 * server on PostgreSQL, 10,000 more boxes registered; its simulator off), the screen opened with `page.goto` a few
 * times, and for each load the page's own timeline (navigation, every request's start and end, long tasks, the
 * moment the screen is drawn: `--count` elements match `--selector`) and React's commits (when, how many
 * components rendered, which elements most: a commit that repeats a large part of the page is work done twice),
 * plus, for the last load, the renderer's main-thread tasks in order (a render React slices shows as a run of
 * 5 ms tasks) and its CPU profile summed by script file. When the served build has source maps
 * (`npx vite build --sourcemap --outDir DIR` in packages/web, served with WEB_DIST=DIR), the self time is also
 * summed by npm package or source file. Prints Markdown for BENCHMARKS.md.
 *
 *   npm run profile:console -w bench -- [--loads 5] [--boxes 10000] [--database postgres://…]
 *     [--path /devices/devices-show --selector '.devices-show__table tr[data-box]' --count 20] [--year] [--cold]
 *
 * `--cold`: every load after the first in a new browser context with the first's session, so with nothing of the
 * console in its caches (the HTTP cache, V8's code cache): a first visit, as each end-to-end test makes.
 *
 * `--year` feeds the first bench box a year of hourly samples (as the console bench does); `{box}` and
 * `{today}` in `--path` name that box and today. The year's curve:
 *
 *   --year --path '/devices/history-charts/{box}/{today}?controller=1&span=year' --selector '.stacked-curves:not([data-points="0"]) canvas' --count 1
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { benchPath, CONTEXT_OPTIONS, feedYear, freePort, launchChromium, LIST_DRAWN, registerFleet, signIn, YEAR_SERVER_ENV } from './benchmarks/console.js';
import { signIn as signInApi } from './benchmarks/ingest.js';
import { selfMicrosByNode } from './profile-summary.js';
import { startServer } from './server.js';

const { values } = parseArgs({
  options: {
    loads: { type: 'string', default: '5' },
    boxes: { type: 'string', default: '10000' },
    database: { type: 'string' },
    path: { type: 'string', default: '/devices/devices-show' },
    selector: { type: 'string', default: LIST_DRAWN.selector },
    count: { type: 'string', default: String(LIST_DRAWN.count) },
    year: { type: 'boolean', default: false },
    cold: { type: 'boolean', default: false },
  },
});
const adminUrl = values.database ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The screen is drawn when this many elements match the selector (a CSS selector). */
const DRAWN = { selector: values.selector, count: Number(values.count) };
const PATH = benchPath(values.path);
/** The build the server serves, for its source maps. */
const WEB_DIST = process.env.WEB_DIST ?? new URL('../../packages/web/dist', import.meta.url).pathname;
const sourceMaps = new Map<string, SourceMapConsumer | undefined>();

/**
 * Runs in the page before its scripts: notes when the screen is drawn, every long task, and React's
 * commits through the hook React reports them to (the one its developer tools install): for each,
 * the components that rendered in it (props not seen at the previous commit) and the elements among
 * them by their first class name.
 */
const OBSERVE = `(() => {
  const timeline = (window.__timeline = { drawnAt: 0, long: [], commits: [] });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) timeline.long.push([Math.round(e.startTime), Math.round(e.duration)]); })
    .observe({ type: 'longtask', buffered: true });
  const watch = new MutationObserver(() => {
    if (document.querySelectorAll(${JSON.stringify(DRAWN.selector)}).length >= ${DRAWN.count}) { timeline.drawnAt = performance.now(); watch.disconnect(); }
  });
  document.addEventListener('DOMContentLoaded', () => watch.observe(document.body, { childList: true, subtree: true }));
  const seen = new WeakMap();
  const noop = () => {};
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), isDisabled: false, inject: () => 1, checkDCE: noop,
    onScheduleFiberRoot: noop, onCommitFiberUnmount: noop, onPostCommitFiberRoot: noop,
    onCommitFiberRoot(_id, root) {
      const at = performance.now();
      let rendered = 0;
      const elements = {};
      const stack = [root.current];
      while (stack.length > 0) {
        const fiber = stack.pop();
        if (fiber.child) stack.push(fiber.child);
        if (fiber.sibling) stack.push(fiber.sibling);
        const before = seen.has(fiber) ? seen.get(fiber) : fiber.alternate ? seen.get(fiber.alternate) : undefined;
        if (before !== fiber.memoizedProps) {
          rendered++;
          if (typeof fiber.type === 'string') {
            const name = typeof fiber.memoizedProps?.className === 'string' && fiber.memoizedProps.className ? fiber.memoizedProps.className.split(' ')[0] : fiber.type;
            elements[name] = (elements[name] ?? 0) + 1;
          }
        }
        seen.set(fiber, fiber.memoizedProps);
      }
      const most = Object.entries(elements).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([name, count]) => name + ' ' + count).join(', ');
      timeline.commits.push([Math.round(at), rendered, most]);
    },
  };
})()`;

interface Timeline {
  drawnAt: number;
  long: [number, number][];
  /** When, how many components rendered, the elements most rendered. */
  commits: [number, number, string][];
  requests: { name: string; start: number; end: number }[];
  domContentLoaded: number;
  loadEnd: number;
}

// Without the demo's simulated boxes: their week of backfill and live messages would blur single loads.
const mqttPort = await freePort();
const server = await startServer({ kind: 'postgres', adminUrl }, { DEMO_SIMULATOR: '0', ...YEAR_SERVER_ENV, MQTT_PORT: String(mqttPort) });
const browser = await launchChromium();
try {
  const { token } = await signInApi(server.baseUrl);
  const secrets = await registerFleet(server.baseUrl, token, Number(values.boxes));
  if (values.year) {
    await feedYear(`mqtt://127.0.0.1:${mqttPort}`, secrets[0]!, { baseUrl: server.baseUrl, token });
  }
  const signedIn = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
  await signIn(signedIn, server.baseUrl);
  const storageState = await signedIn.context().storageState();
  /** A page with the timeline's observer and a CDP session. */
  const observed = async (page: Page) => {
    await page.addInitScript(OBSERVE);
    return { page, cdp: await page.context().newCDPSession(page) };
  };
  const first = await observed(signedIn);
  /** Where a load happens: the signed-in page, or with `--cold` a new context of its session (as each end-to-end test opens). */
  const pageFor = async (load: number) =>
    values.cold && load > 1 ? observed(await (await browser.newContext({ ...CONTEXT_OPTIONS, storageState })).newPage()) : first;
  const loads = Number(values.loads);
  for (let load = 1; load <= loads; load++) {
    const profiling = load === loads;
    const { page, cdp } = await pageFor(load);
    if (profiling) {
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink', 'loading', 'blink.user_timing'],
      });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${server.baseUrl}${PATH}`);
    await page.locator(`${DRAWN.selector} >> nth=${DRAWN.count - 1}`).waitFor({ timeout: 120_000 });
    const timeline = (await page.evaluate(`(() => ({
      ...window.__timeline,
      domContentLoaded: Math.round(performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd), loadEnd: Math.round(performance.getEntriesByType('navigation')[0].loadEventEnd),
      requests: performance.getEntriesByType('resource').map((e) => ({ name: new URL(e.name).pathname + new URL(e.name).search, start: Math.round(e.startTime), end: Math.round(e.responseEnd) })),
    }))()`)) as Timeline;
    console.log(
      `\nload ${load}: drawn (${DRAWN.count} × ${DRAWN.selector}) at ${Math.round(timeline.drawnAt)} ms, DOMContentLoaded ${timeline.domContentLoaded} ms, load ${timeline.loadEnd} ms`,
    );
    console.log('| request | start ms | end ms |\n| --- | --- | --- |');
    for (const request of timeline.requests) console.log(`| ${request.name.slice(0, 90)} | ${request.start} | ${request.end} |`);
    console.log(`long tasks (start, ms): ${timeline.long.map(([start, duration]) => `${start}+${duration}`).join(', ') || 'none'}`);
    console.log('\n| React commit at ms | components rendered | elements rendered most |\n| --- | --- | --- |');
    for (const [at, rendered, most] of timeline.commits) console.log(`| ${at} | ${rendered} | ${most} |`);
    if (profiling) {
      const { profile } = await cdp.send('Profiler.stop');
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      console.log('\n| main thread task at (ms after the trace navigationStart mark) | task ms | busiest inside |\n| --- | --- | --- |');
      for (const [start, ms, inside] of mainThreadTasks(trace.traceEvents)) console.log(`| ${start} | ${ms} | ${inside} |`);
      console.log('\n| main thread work | ms |\n| --- | --- |');
      for (const [name, ms] of mainThreadWork(trace.traceEvents)) console.log(`| ${name} | ${ms} |`);
      console.log('\n| script | self ms |\n| --- | --- |');
      for (const [script, ms] of selfTime(profile, scriptOf)) {
        console.log(`| ${script} | ${ms} |`);
      }
      const mapped = bySource(profile);
      if (mapped.length > 0) {
        console.log('\n| package or source file (source maps) | self ms |\n| --- | --- |');
        for (const [source, ms] of mapped) console.log(`| ${source} | ${ms} |`);
      }
      console.log('\n| function | self ms |\n| --- | --- |');
      for (const [name, ms] of selfTime(
        profile,
        (frame) => `${frame.functionName || '(anonymous)'} ${frame.url ? new URL(frame.url).pathname : ''}:${frame.lineNumber}:${frame.columnNumber}`,
      )) {
        console.log(`| ${name} | ${ms} |`);
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

type CallFrame = { url: string; functionName: string; lineNumber: number; columnNumber: number };
type CpuProfile = { nodes: { id: number; callFrame: CallFrame }[]; samples?: number[]; timeDeltas?: number[] };

/** A frame's script file, or its native name (`(garbage collector)`, `(appendChild)`). */
function scriptOf(frame: CallFrame): string {
  return frame.url ? new URL(frame.url).pathname : `(${frame.functionName.replace(/[()]/g, '')})`;
}

/**
 * A frame of a served chunk as its npm package (`antd`, `@rc-component/table`) or its source file
 * under packages/, through the chunk's source map; other frames as their script or native name.
 */
function sourceOf(frame: CallFrame): string {
  const chunk = frame.url.split('/assets/')[1];
  if (!chunk || frame.lineNumber < 0) return scriptOf(frame);
  const file = `${WEB_DIST}/assets/${chunk}.map`;
  if (!sourceMaps.has(file)) sourceMaps.set(file, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8')) as RawSourceMap) : undefined);
  const source = sourceMaps.get(file)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber }).source;
  if (!source) return `/assets/${chunk}`;
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return inModules ? inModules[1]! : source.replace(/^.*?packages\//, '');
}

/** Self time by npm package or source file, or nothing when the build has no source maps. */
function bySource(profile: CpuProfile): [string, number][] {
  const table = selfTime(profile, sourceOf);
  return table.some(([source]) => !source.startsWith('/') && !source.startsWith('(')) ? table : [];
}

/** Self time of the profile's samples, summed by `key` of their frame (script file, function), busiest first. */
function selfTime(profile: CpuProfile, key: (frame: CallFrame) => string): [string, number][] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  for (const [id, micros] of selfMicrosByNode({ samples: profile.samples ?? [], timeDeltas: profile.timeDeltas ?? [] })) {
    const name = key(byId.get(id)!.callFrame);
    totals.set(name, (totals.get(name) ?? 0) + micros / 1000);
  }
  return [...totals]
    .map(([script, ms]): [string, number] => [script, Math.round(ms)])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25);
}

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; args?: { name?: string } };

/** The renderer's main thread: time by event name, each event's children subtracted (its self time), busiest first. */
function mainThreadWork(events: TraceEvent[]): [string, number][] {
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  if (!main) return [];
  const slices = events
    .filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const totals = new Map<string, number>();
  const open: TraceEvent[] = [];
  for (const slice of slices) {
    while (open.length > 0 && open.at(-1)!.ts + open.at(-1)!.dur! <= slice.ts) open.pop();
    const parent = open.at(-1);
    if (parent) totals.set(parent.name, (totals.get(parent.name) ?? 0) - slice.dur! / 1000);
    totals.set(slice.name, (totals.get(slice.name) ?? 0) + slice.dur! / 1000);
    open.push(slice);
  }
  return [...totals]
    .map(([name, ms]): [string, number] => [name, Math.round(ms)])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25);
}

/** The renderer main thread's tasks of 4 ms or more, in order, after the trace's last navigationStart mark: when, how long, and their busiest child events. */
function mainThreadTasks(events: TraceEvent[]): [number, number, string][] {
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const navigation = events.filter((event) => event.name === 'navigationStart').at(-1);
  if (!main || !navigation) return [];
  const slices = events.filter(
    (event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur !== undefined && event.ts >= navigation.ts,
  );
  const tasks = slices.filter((event) => event.name === 'RunTask' && event.dur! >= 4000);
  return tasks.map((task) => {
    const children = slices.filter(
      (event) => event !== task && event.ts >= task.ts && event.ts + event.dur! <= task.ts + task.dur! && event.name !== 'RunTask',
    );
    const busiest = children
      .sort((a, b) => b.dur! - a.dur!)
      .slice(0, 3)
      .map((event) => `${event.name} ${Math.round(event.dur! / 1000)}`)
      .join(', ');
    return [Math.round((task.ts - navigation.ts) / 1000), Math.round(task.dur! / 1000), busiest];
  });
}
