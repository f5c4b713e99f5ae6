/**
 * Two builds of the console against each other, in one run: a server for each (`WEB_DIST` A and B,
 * demo mode on PostgreSQL with its simulator off and the same number of boxes registered), one
 * signed-in Chromium page on each, and the same screen reloaded in turn, A then B, B then A, so
 * that the machine's drift falls on both. Prints every load and the medians of A and B (the first
 * load of each left out: the screen's code not yet run in the page). Single loads of the same
 * build swing by ±30 % on these machines; compare the two medians of one run, never two runs.
 *
 *   npm run ab:console -w bench -- --a /tmp/web-before --b packages/web/dist [--rounds 16] [--boxes 2000]
 *     [--path /devices/devices-show] [--selector '.devices-show__table tr[data-box] >> nth=19'] [--year]
 *
 * `--year` feeds the first bench box a year of hourly samples over MQTT, as the console bench does,
 * and `{box}` and `{today}` in `--path` name that box and today, for its year of curves:
 *
 *   --year --path '/devices/history-charts/{box}/{today}?controller=1&span=year' --selector '.stacked-curves:not([data-points="0"]) canvas'
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { benchPath, feedYear, freePort, launchChromium, registerFleet, signIn, timeToRender, YEAR_SERVER_ENV } from './benchmarks/console.js';
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
    selector: { type: 'string', default: '.devices-show__table tr[data-box] >> nth=19' },
    database: { type: 'string' },
    year: { type: 'boolean', default: false },
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
const browser = await launchChromium();
try {
  const pages: Page[] = [];
  for (const server of servers) {
    const { token } = await signInApi(server.baseUrl);
    const secrets = await registerFleet(server.baseUrl, token, Number(values.boxes));
    if (values.year) {
      await feedYear(`mqtt://127.0.0.1:${mqttPorts[servers.indexOf(server)]}`, secrets[0]!, { baseUrl: server.baseUrl, token });
    }
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' })).newPage();
    await signIn(page, server.baseUrl);
    pages.push(page);
  }
  const times = [[], []] as [number[], number[]];
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const index of round % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const)) {
      times[index].push(await timeToRender(pages[index]!, `${servers[index]!.baseUrl}${path}`, values.selector));
    }
  }
  for (const [index, name] of ['A', 'B'].entries()) {
    const loads = times[index]!;
    console.log(
      `${name} (${builds[index]}): median ${percentile(loads.slice(1), 50)} ms of ${loads.length - 1} loads after the first; every load: ${loads.join(' ')}`,
    );
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.stop()));
}
