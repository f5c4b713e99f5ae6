import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS, DEMO_CK_CODES } from '@cloudbox/domain';
import { z } from 'zod';
import { boxListSchema, type BoxOptions, type FleetOptions, type Hold } from './options.js';
import { FIRST_SIMULATED_BOX_ID, type Registration } from './registration.js';

const DEMO_ROOT = DEMO_ACCOUNTS.find((account) => account.role === 'root')!;
const DEFAULT_BROKER = 'mqtt://127.0.0.1:1883';
const DEFAULT_API = 'http://127.0.0.1:8080';
/** Boxes registered through the API when --boxes is not given. */
const DEFAULT_API_BOXES = 10;

export const USAGE = `Usage: npm run simulate -- [--boxes N] [--interval S] [--url mqtt://...] [options]

Boxes: without --credentials the simulator registers --boxes boxes through the server's HTTP API
(ids from --first-id on; a box an earlier run registered gets a new secret). With --credentials it
runs boxes registered elsewhere.
  --api URL           the server's HTTP address (default ${DEFAULT_API})
  --user NAME         an account that may register boxes: root, or limited_admin of the CK (default ${DEMO_ROOT.username})
  --password P        its password (default the demo password ${DEMO_ROOT.password})
  --ck CODE           the CK code the boxes are registered to (default ${DEMO_CK_CODES[0].code})
  --credentials FILE  the registered boxes, as JSON:
                      [{"id": "100001", "secret": "...", "controllers": [{"station": 1, "deviceType": "maglev_blower"}]}]
                      (optional per box: "model", "software", "iccid", "unlock_key": the box's unlock key (hex) its
                      controllers check dynamic passwords with, "locked_stations": stations that start locked; device types: maglev_blower, air_compressor,
                      generic_plc, or those of --device-types);
                      the secrets file of a batch registration (/smartbox/upload) is this list, the file of
                      one box registered in the console (/box-reg-info/create) one such object
  --boxes N           how many boxes (default: ${DEFAULT_API_BOXES} through the API, all of the file)
  --first-id ID       the first box id (default: ${FIRST_SIMULATED_BOX_ID} through the API, the file's first)

Device types:
  --device-types FILE device types defined in the console, as JSON: one definition or a list of them, as
                      GET /api/v2/device-types/:id/definition answers; controllers of the credentials file may
                      name them. Types without built-in physics run a generic controller: numbers wander within
                      their min..max, bits toggle, enums cycle, writable registers hold what is written
  --hold S:R=V        pin register R of every box's controller at station S to the engineering value V
                      (repeatable), e.g. --hold 1:34=96.5 drives a temperature over an event threshold

Running:
  --url URL           the MQTT broker (default: the one the server reports to root through the API, else ${DEFAULT_BROKER})
  --interval S        seconds between two data messages of a box (default 10)
  --seed N            makes every run with the same seed alike (default 1)
  --fault-rate R      chance per 120 samples of an injected alert or fault per controller (default 0.05)
  --drop-out-rate R   chance per interval that a box drops off without a clean close (default 0.001)
  --load-points N     load generation: publish as fast as the broker acknowledges, N readings per message
  --in-flight N       load generation: unacknowledged messages per box (default 8)
  --duration S        stop after S seconds (default: at Ctrl-C)
  --stats S           print the counters every S seconds (default 10)`;

/** Where the boxes come from: a credentials file (from `firstId` on, `count` of them; undefined: all), or registration through the server's API. */
export type BoxSource = { kind: 'file'; path: string; firstId: string | undefined; count: number | undefined } | ({ kind: 'api' } & Registration);

export interface CliRun {
  source: BoxSource;
  /** The broker the user named; undefined: ask the server, else DEFAULT_BROKER. */
  url: string | undefined;
  durationSeconds: number | undefined;
  statsSeconds: number;
  /** The file of device type definitions (--device-types). */
  deviceTypesPath: string | undefined;
  fleet: Omit<FleetOptions, 'boxes' | 'logger' | 'url' | 'deviceTypes'>;
}

const positive = z.coerce.number({ error: 'must be a number' }).positive('must be greater than 0');
const integer = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be greater than 0');
const rate = z.coerce.number({ error: 'must be a number' }).min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1');

const argumentsSchema = z.object({
  credentials: z.string().optional(),
  api: z.url({ protocol: /^https?$/, error: 'the API address starts with http:// or https://' }).default(DEFAULT_API),
  user: z.string().min(1, 'must not be empty').default(DEMO_ROOT.username),
  password: z.string().min(1, 'must not be empty').default(DEMO_ROOT.password),
  ck: z
    .string()
    .regex(/^\d{4}$/, 'a CK code is 4 digits')
    .default(DEMO_CK_CODES[0].code),
  url: z
    .string()
    .regex(/^(mqtts?|wss?|tcp):\/\//, 'the broker URL starts with mqtt://, mqtts://, ws:// or wss://')
    .optional(),
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
  'device-types': z.string().min(1, 'must not be empty').optional(),
  hold: z
    .array(
      z.string().transform((text, ctx): Hold => {
        const match = /^(\d+):(\d+)=([+-]?(?:\d+(?:\.\d*)?|\.\d+))$/.exec(text.trim());
        if (match) return { station: Number(match[1]), register: Number(match[2]), value: Number(match[3]) };
        ctx.addIssue({ code: 'custom', message: `${JSON.stringify(text)} is not station:register=value, e.g. 1:34=96.5` });
        return z.NEVER;
      }),
    )
    .default([]),
});

const STRING_OPTIONS = Object.keys(argumentsSchema.shape).filter((name) => name !== 'hold');

/** The command line to a run of the simulator, or the message that says what is wrong with it. */
export function parseCommandLine(argv: string[]): { ok: true; run: CliRun } | { ok: false; message: string } {
  let values: Record<string, string | string[] | undefined>;
  try {
    values = parseArgs({
      args: argv,
      options: { ...Object.fromEntries(STRING_OPTIONS.map((name) => [name, { type: 'string' as const }])), hold: { type: 'string', multiple: true } },
      strict: true,
    }).values as Record<string, string | string[] | undefined>;
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  const parsed = argumentsSchema.safeParse(values);
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues.map((issue) => `${issue.path.length ? `--${String(issue.path[0])}: ` : ''}${issue.message}`).join('\n') };
  }
  const options = parsed.data;
  const loadPoints = options['load-points'];
  const source: BoxSource =
    options.credentials === undefined
      ? {
          kind: 'api',
          api: options.api,
          username: options.user,
          password: options.password,
          ck: options.ck,
          firstId: options['first-id'] ?? FIRST_SIMULATED_BOX_ID,
          count: options.boxes ?? DEFAULT_API_BOXES,
        }
      : { kind: 'file', path: options.credentials, firstId: options['first-id'], count: options.boxes };
  return {
    ok: true,
    run: {
      source,
      url: options.url,
      durationSeconds: options.duration,
      statsSeconds: options.stats,
      deviceTypesPath: options['device-types'],
      fleet: {
        holds: options.hold,
        intervalSeconds: options.interval,
        seed: options.seed,
        dropOutRate: options['drop-out-rate'],
        faultRate: options['fault-rate'],
        load: loadPoints === undefined ? undefined : { pointsPerMessage: loadPoints, inFlight: options['in-flight'] },
      },
    },
  };
}

/** The broker of a run: the one named, else the one the server reported, else the default. */
export function brokerUrl(run: Pick<CliRun, 'url'>, reported: string | undefined): string {
  return run.url ?? reported ?? DEFAULT_BROKER;
}

/** The boxes of a credentials file that a run simulates: from `firstId` on, `count` of them. */
export function selectBoxes(
  fileText: string,
  run: { firstId: string | undefined; count: number | undefined },
): { ok: true; boxes: BoxOptions[] } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(fileText);
  } catch (error) {
    return { ok: false, message: `the credentials file is not JSON: ${(error as Error).message}` };
  }
  // One box's file (the console's download after registering a single box) is the object itself.
  const parsed = boxListSchema.safeParse((Array.isArray(json) ? json : [json]).map(fromFile));
  if (!parsed.success) return { ok: false, message: `the credentials file does not list boxes as expected:\n${z.prettifyError(parsed.error)}` };
  const start = run.firstId === undefined ? 0 : parsed.data.findIndex((box) => box.id === run.firstId);
  if (start < 0) return { ok: false, message: `the credentials file has no box ${run.firstId}` };
  const boxes = parsed.data.slice(start, run.count === undefined ? undefined : start + run.count);
  if (boxes.length === 0) return { ok: false, message: 'the credentials file lists no boxes' };
  if (run.count !== undefined && boxes.length < run.count)
    return { ok: false, message: `the credentials file has only ${boxes.length} boxes from there, not ${run.count}` };
  return { ok: true, boxes };
}

/** A box of a credentials file, whose keys may be snake_case as the API writes them (`unlock_key`, `locked_stations`). */
function fromFile(box: unknown): unknown {
  if (typeof box !== 'object' || box === null) return box;
  const { unlock_key: unlockKey, locked_stations: lockedStations, ...rest } = box as Record<string, unknown>;
  return { ...(unlockKey !== undefined && { unlockKey }), ...(lockedStations !== undefined && { lockedStations }), ...rest };
}
