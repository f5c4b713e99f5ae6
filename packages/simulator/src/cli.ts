import { readFile } from 'node:fs/promises';
import { parseCommandLine, selectBoxes, USAGE } from './cli-options.js';
import { createFleet, type FleetStats } from './fleet.js';

/** `npm run simulate -- --credentials boxes.json ...`: runs a fleet until Ctrl-C or --duration. */
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
  const fileText = await readFile(run.credentials, 'utf8').catch((error: Error) => error);
  if (fileText instanceof Error) {
    console.error(`cannot read the credentials file: ${fileText.message}`);
    return 2;
  }
  const selection = selectBoxes(fileText, run);
  if (!selection.ok) {
    console.error(selection.message);
    return 2;
  }

  const fleet = createFleet({ ...run.fleet, boxes: selection.boxes, logger: console });
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
