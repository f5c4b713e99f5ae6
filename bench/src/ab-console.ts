/**
 * Two builds of the console against each other, in one run: a server for each (`WEB_DIST` A and B,
 * demo mode on PostgreSQL with its simulator off and the same number of boxes registered), one
 * signed-in Chromium page on each, and the same screen reloaded in turn, A then B, B then A, so
 * that the machine's drift falls on both. Prints every load and the medians of A and B (the first
 * load of each left out: the screen's code not yet run in the page). Single loads of the same
 * build swing by ±30 % on these machines; compare the two medians of one run, never two runs.
 *
 *   npm run ab:console -w bench -- --a /tmp/web-before --b packages/web/dist [--rounds 16] [--boxes 2000]
 *     [--path /devices/devices-show] [--selector '.devices-show__table tr[data-box]' --count 20] [--year]
 *
 * `--first` times first visits instead: each round signs in on a new browser context (nothing of the
 * console in its cache) and times the first navigation to the screen after the dashboard, as the
 * console bench's "first visit" does; every load counts.
 *
 * `--cold` opens the screen straight away in a new browser context holding the session (nothing in its
 * caches, the console shell not loaded either): a bookmark opened in a new session, or an end-to-end test's `page.goto`.
 *
 * `--year` feeds the first bench box a year of hourly samples over MQTT, as the console bench does,
 * and `{box}` and `{today}` in `--path` name that box and today, for its year of curves:
 *
 *   --year --path '/devices/history-charts/{box}/{today}?controller=1&span=year' --selector '.stacked-curves:not([data-points="0"]) canvas' --count 1
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import {
  benchPath,
  CONTEXT_OPTIONS,
  feedYear,
  freePort,
  launchChromium,
  LIST_DRAWN,
  registerFleet,
  signIn,
  timeToRender,
  YEAR_SERVER_ENV,
} from './benchmarks/console.js';
import { signIn as signInApi } from './benchmarks/ingest.js';
import { startServer } from './server.js';
import { percentile } from './statistics.js';

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    rounds: { type: 'string', default: '16' },
    boxes: { type: 'string', default: '2000' },
    path: { type: 'string', default: '/devices/devices-show' },
    /** The screen is drawn when this many elements match the selector (CSS), the last of them visible. */
    selector: { type: 'string', default: LIST_DRAWN.selector },
    count: { type: 'string', default: String(LIST_DRAWN.count) },
    database: { type: 'string' },
    year: { type: 'boolean', default: false },
    first: { type: 'boolean', default: false },
    cold: { type: 'boolean', default: false },
  },
});
if (!values.a || !values.b) throw new Error('--a and --b name the two builds (directories like packages/web/dist)');
const adminUrl = values.database ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const builds = [values.a, values.b].map((dist) => resolve(process.env.INIT_CWD ?? process.cwd(), dist));

const mqttPorts = [await freePort(), await freePort()];
const servers = await Promise.all(
  builds.map((dist, index) =>
    startServer({ kind: 'postgres', adminUrl }, { DEMO_SIMULATOR: '0', WEB_DIST: dist, ...YEAR_SERVER_ENV, MQTT_PORT: String(mqttPorts[index]) }),
  ),
);
const path = benchPath(values.path);
/** When the screen counts as drawn. */
const drawn = { selector: values.selector, count: Number(values.count) };
const browser = await launchChromium();

/** A page of a new browser context, signed in through the log-in form (on the dashboard). */
async function signedInPage(baseUrl: string): Promise<Page> {
  const page = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
  await signIn(page, baseUrl);
  return page;
}
try {
  const pages: Page[] = [];
  for (const server of servers) {
    const { token } = await signInApi(server.baseUrl);
    const secrets = await registerFleet(server.baseUrl, token, Number(values.boxes));
    if (values.year) {
      await feedYear(`mqtt://127.0.0.1:${mqttPorts[servers.indexOf(server)]}`, secrets[0]!, { baseUrl: server.baseUrl, token });
    }
    if (values.cold || !values.first) pages.push(await signedInPage(server.baseUrl));
  }
  const sessions = await Promise.all(pages.map((page) => page.context().storageState()));
  const times = [[], []] as [number[], number[]];
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const index of round % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const)) {
      const url = `${servers[index]!.baseUrl}${path}`;
      if (!values.first && !values.cold) {
        times[index].push(await timeToRender(pages[index]!, url, drawn));
        continue;
      }
      const page = values.cold
        ? await (await browser.newContext({ ...CONTEXT_OPTIONS, storageState: sessions[index] })).newPage()
        : await signedInPage(servers[index]!.baseUrl);
      times[index].push(await timeToRender(page, url, drawn));
      await page.context().close();
    }
  }
  // A first visit is every load of --first and --cold; else the first load is left out (the screen's code not yet run in the page).
  const everyLoad = values.first || values.cold;
  const skip = everyLoad ? 0 : 1;
  for (const [index, name] of ['A', 'B'].entries()) {
    const loads = times[index]!;
    const counted = values.cold ? 'cold loads' : values.first ? 'first visits' : 'loads after the first';
    console.log(
      `${name} (${builds[index]}): median ${percentile(loads.slice(skip), 50)} ms of ${loads.length - skip} ${counted}; every load: ${loads.join(' ')}`,
    );
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.stop()));
}
