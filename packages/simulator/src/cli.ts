import { readFile } from 'node:fs/promises';
import { brokerUrl, parseCommandLine, selectBoxes, USAGE, type CliRun } from './cli-options.js';
import type { DeviceType } from '@cloudbox/domain';
import { parseDeviceTypes, type Parsed } from './device-types.js';
import { createFleet, type Fleet, type FleetStats } from './fleet.js';
import type { BoxOptions } from './options.js';
import { registerBoxes } from './registration.js';

/** `npm run simulate -- --boxes N --interval S ...`: runs a fleet until Ctrl-C or --duration. */
async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const command = parseCommandLine(argv);
  if (!command.ok) {
    console.error(`${command.message}\n\n${USAGE}`);
    return 2;
  }
  const { run } = command;
  const obtained = await obtainBoxes(run);
  if (!obtained.ok) {
    console.error(obtained.message);
    return 2;
  }
  const deviceTypes = await readDeviceTypes(run.deviceTypesPath);
  if (!deviceTypes.ok) {
    console.error(deviceTypes.message);
    return 2;
  }
  let fleet: Fleet;
  try {
    fleet = createFleet({ ...run.fleet, url: brokerUrl(run, obtained.brokerUrl), boxes: obtained.boxes, deviceTypes: deviceTypes.value, logger: console });
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const startedAt = Date.now();
  let previous = fleet.stats();
  const report = setInterval(() => {
    const current = fleet.stats();
    console.log(describe(current, previous, run.statsSeconds));
    previous = current;
  }, run.statsSeconds * 1000);

  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
    if (run.durationSeconds !== undefined) setTimeout(resolve, run.durationSeconds * 1000).unref();
  });
  fleet.start();
  await stopped;
  clearInterval(report);
  await fleet.stop();
  const seconds = (Date.now() - startedAt) / 1000;
  const total = fleet.stats();
  console.log(`stopped after ${seconds.toFixed(1)} s: ${describe(total, zeroRates(total), seconds)}`);
  return 0;
}

/** The boxes of the credentials file, or boxes registered through the server's API. */
async function obtainBoxes(run: CliRun): Promise<{ ok: true; boxes: BoxOptions[]; brokerUrl?: string } | { ok: false; message: string }> {
  const { source } = run;
  if (source.kind === 'api') {
    console.log(`registering ${source.count} boxes from ${source.firstId} in CK ${source.ck} through ${source.api} as ${source.username}`);
    return registerBoxes(source);
  }
  const fileText = await readFile(source.path, 'utf8').catch((error: Error) => error);
  if (fileText instanceof Error) return { ok: false, message: `cannot read the credentials file: ${fileText.message}` };
  return selectBoxes(fileText, source);
}

/** The definitions of --device-types FILE (none without it). */
async function readDeviceTypes(path: string | undefined): Promise<Parsed<DeviceType[]>> {
  if (path === undefined) return { ok: true, value: [] };
  const fileText = await readFile(path, 'utf8').catch((error: Error) => error);
  if (fileText instanceof Error) return { ok: false, message: `cannot read the device types file: ${fileText.message}` };
  try {
    return parseDeviceTypes(JSON.parse(fileText));
  } catch (error) {
    return { ok: false, message: `the device types file is not JSON: ${(error as Error).message}` };
  }
}

function describe(current: FleetStats, previous: FleetStats, seconds: number): string {
  const rate = (now: number, before: number) => Math.round((now - before) / seconds).toLocaleString('en');
  return [
    `connected ${current.connected}/${current.boxes}`,
    `messages ${current.messages.toLocaleString('en')} (${rate(current.messages, previous.messages)}/s)`,
    `data points ${current.dataPoints.toLocaleString('en')} (${rate(current.dataPoints, previous.dataPoints)}/s)`,
    `writes ${current.writes}, acks ${current.acks}`,
    `drop-outs ${current.dropOuts}, failed connects ${current.connectFailures}`,
  ].join('  ');
}

function zeroRates(stats: FleetStats): FleetStats {
  return { ...stats, messages: 0, dataPoints: 0 };
}

process.exitCode = await main();
