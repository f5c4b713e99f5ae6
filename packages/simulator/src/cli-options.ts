import { parseArgs } from 'node:util';
import { z } from 'zod';
import { boxListSchema, type BoxOptions, type FleetOptions } from './options.js';

export const USAGE = `Usage: npm run simulate -- --credentials boxes.json [options]

  --credentials FILE  the registered boxes, as JSON:
                      [{"id": "100001", "secret": "...", "controllers": [{"station": 1, "deviceType": "maglev_blower"}]}]
                      (optional per box: "model", "software", "iccid"; device types: maglev_blower, air_compressor, generic_plc)
  --url URL           the MQTT broker (default mqtt://127.0.0.1:1883)
  --boxes N           simulate N boxes of the file (default: all)
  --first-id ID       start at the box with this id (default: the file's first)
  --interval S        seconds between two data messages of a box (default 10)
  --seed N            makes every run with the same seed alike (default 1)
  --fault-rate R      chance per 120 samples of an injected alert or fault per controller (default 0.05)
  --drop-out-rate R   chance per interval that a box drops off without a clean close (default 0.001)
  --load-points N     load generation: publish as fast as the broker acknowledges, N readings per message
  --in-flight N       load generation: unacknowledged messages per box (default 8)
  --duration S        stop after S seconds (default: at Ctrl-C)
  --stats S           print the counters every S seconds (default 10)`;

export interface CliRun {
  credentials: string;
  count: number | undefined;
  firstId: string | undefined;
  durationSeconds: number | undefined;
  statsSeconds: number;
  fleet: Omit<FleetOptions, 'boxes' | 'logger'>;
}

const positive = z.coerce.number({ error: 'must be a number' }).positive('must be greater than 0');
const integer = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be greater than 0');
const rate = z.coerce.number({ error: 'must be a number' }).min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1');

const argumentsSchema = z.object({
  credentials: z.string({
    error: 'missing. The server issues each box its MQTT secret at registration (POST /api/v2/boxes), so the simulator reads the registered boxes from a JSON file',
  }),
  url: z.string().regex(/^(mqtts?|wss?|tcp):\/\//, 'the broker URL starts with mqtt://, mqtts://, ws:// or wss://').default('mqtt://127.0.0.1:1883'),
  boxes: integer.optional(),
  'first-id': z.string().regex(/^\d+$/, 'a box id is digits').optional(),
  interval: positive.default(10),
  seed: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').default(1),
  'fault-rate': rate.optional(),
  'drop-out-rate': rate.optional(),
  'load-points': integer.optional(),
  'in-flight': integer.optional(),
  duration: positive.optional(),
  stats: positive.default(10),
});

const STRING_OPTIONS = Object.keys(argumentsSchema.shape);

/** The command line to a run of the simulator, or the message that says what is wrong with it. */
export function parseCommandLine(argv: string[]): { ok: true; run: CliRun } | { ok: false; message: string } {
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({ args: argv, options: Object.fromEntries(STRING_OPTIONS.map((name) => [name, { type: 'string' }])), strict: true }).values as Record<string, string | undefined>;
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  const parsed = argumentsSchema.safeParse(values);
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues.map((issue) => `${issue.path.length ? `--${issue.path.join('.')}: ` : ''}${issue.message}`).join('\n') };
  }
  const options = parsed.data;
  const loadPoints = options['load-points'];
  return {
    ok: true,
    run: {
      credentials: options.credentials,
      count: options.boxes,
      firstId: options['first-id'],
      durationSeconds: options.duration,
      statsSeconds: options.stats,
      fleet: {
        url: options.url,
        intervalSeconds: options.interval,
        seed: options.seed,
        dropOutRate: options['drop-out-rate'],
        faultRate: options['fault-rate'],
        load: loadPoints === undefined ? undefined : { pointsPerMessage: loadPoints, inFlight: options['in-flight'] },
      },
    },
  };
}

/** The boxes of a credentials file that a run simulates: from `firstId` on, `count` of them. */
export function selectBoxes(fileText: string, run: Pick<CliRun, 'count' | 'firstId'>): { ok: true; boxes: BoxOptions[] } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(fileText);
  } catch (error) {
    return { ok: false, message: `the credentials file is not JSON: ${(error as Error).message}` };
  }
  const parsed = boxListSchema.safeParse(json);
  if (!parsed.success) return { ok: false, message: `the credentials file does not list boxes as expected:\n${z.prettifyError(parsed.error)}` };
  const start = run.firstId === undefined ? 0 : parsed.data.findIndex((box) => box.id === run.firstId);
  if (start < 0) return { ok: false, message: `the credentials file has no box ${run.firstId}` };
  const boxes = parsed.data.slice(start, run.count === undefined ? undefined : start + run.count);
  if (boxes.length === 0) return { ok: false, message: 'the credentials file lists no boxes' };
  if (run.count !== undefined && boxes.length < run.count) return { ok: false, message: `the credentials file has only ${boxes.length} boxes from there, not ${run.count}` };
  return { ok: true, boxes };
}
