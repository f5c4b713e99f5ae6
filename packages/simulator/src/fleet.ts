import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { VirtualBox, type BoxContext, type FleetCounters, type StoredConfiguration } from './box.js';
import type { ReceivedProgram } from './program.js';
import { holdsByStation, resolveDeviceTypes } from './device-types.js';
import { boxListSchema, DEFAULT_DROP_OUT_RATE, DEFAULT_FAULT_RATE, DEFAULT_IN_FLIGHT, type FleetLogger, type FleetOptions } from './options.js';

export interface FleetStats extends FleetCounters {
  boxes: number;
}

export interface Fleet {
  start(): void;
  /** Every box says `offline` on its status topic and disconnects cleanly. */
  stop(): Promise<void>;
  stats(): FleetStats;
  /** The PLC programs a box of the fleet was sent, by delivery id. */
  programsOf(boxId: string): ReadonlyMap<string, ReceivedProgram> | undefined;
  /** What a box keeps of what the server told it (its server address and configuration file); undefined: no such box. */
  configuration(boxId: string): StoredConfiguration | undefined;
}

const SILENT: FleetLogger = { info: () => undefined, warn: () => undefined };

/**
 * A fleet of virtual boxes driven by one timer: box i of N is due at i/N of every interval, so the
 * broker sees an even stream rather than a pulse, and 10,000 boxes cost one timer, not 10,000.
 */
export function createFleet(options: FleetOptions): Fleet {
  const configs = parseBoxes(options.boxes);
  if (!(options.intervalSeconds > 0)) throw new Error('intervalSeconds must be greater than 0');
  if (options.stepSeconds !== undefined && !(options.stepSeconds > 0)) throw new Error('stepSeconds must be greater than 0');
  const deviceTypes = resolveDeviceTypes(configs, options.deviceTypes);
  if (!deviceTypes.ok) throw new Error(deviceTypes.message);
  const holds = holdsByStation(configs, deviceTypes.value, options.holds);
  if (!holds.ok) throw new Error(holds.message);
  const logger = options.logger ?? SILENT;
  const counters: FleetCounters = { connected: 0, connects: 0, connectFailures: 0, dropOuts: 0, messages: 0, dataPoints: 0, writes: 0, acks: 0 };
  const reported = new Set<string>();
  const context: BoxContext = {
    url: options.url,
    clock: options.clock ?? Date.now,
    counters,
    dropOutRate: options.dropOutRate ?? (options.load ? 0 : DEFAULT_DROP_OUT_RATE),
    faultRate: options.faultRate ?? DEFAULT_FAULT_RATE,
    pointLimit: options.load?.pointsPerMessage ?? Number.POSITIVE_INFINITY,
    inFlight: options.load ? (options.load.inFlight ?? DEFAULT_IN_FLIGHT) : undefined,
    deviceTypes: deviceTypes.value,
    holds: holds.value,
    // A wrong secret or a broker that is down hits every box alike: say it once, count the rest.
    report(problem, detail) {
      if (reported.has(problem)) return;
      reported.add(problem);
      logger.warn(`${detail}: ${problem} (the same problem on other boxes is only counted)`);
    },
  };
  const boxes = configs.map((config) => new VirtualBox(config, options.seed, context));
  if (options.load) checkLoadShape(options.load, boxes);

  const intervalMs = options.intervalSeconds * 1000;
  const tickMs = options.stepSeconds !== undefined ? options.stepSeconds * 1000 : Math.min(100, Math.max(20, intervalMs / Math.max(1, boxes.length)));
  let timer: NodeJS.Timeout | undefined;
  let cycleStart = 0;
  let cursor = 0;

  function dueUntil(count: number): void {
    while (cursor < count) boxes[cursor++]!.due();
  }

  function tick(): void {
    const now = performance.now();
    if (now - cycleStart >= intervalMs) {
      dueUntil(boxes.length);
      // After a stall longer than an interval, start afresh rather than bursting to catch up.
      cycleStart = now - cycleStart >= 2 * intervalMs ? now : cycleStart + intervalMs;
      cursor = 0;
    }
    dueUntil(Math.min(boxes.length, Math.floor((boxes.length * (now - cycleStart)) / intervalMs) + 1));
  }

  return {
    start() {
      if (timer) return;
      logger.info(`${boxes.length} boxes to ${options.url}, ${options.load ? 'as fast as the broker acknowledges' : `every ${options.intervalSeconds} s`}`);
      cycleStart = performance.now();
      cursor = 0;
      tick();
      timer = setInterval(tick, tickMs);
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await Promise.all(boxes.map((box) => box.stop()));
    },
    stats() {
      return { boxes: boxes.length, ...counters };
    },
    programsOf(boxId) {
      return boxes.find((box) => box.id === boxId)?.receivedPrograms;
    },
    configuration(boxId) {
      return boxes.find((box) => box.id === boxId)?.configuration;
    },
  };
}

function parseBoxes(boxes: FleetOptions['boxes']) {
  const parsed = boxListSchema.safeParse(boxes);
  if (!parsed.success) throw new Error(`invalid boxes:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

function checkLoadShape(load: NonNullable<FleetOptions['load']>, boxes: readonly VirtualBox[]): void {
  if (!Number.isInteger(load.pointsPerMessage) || load.pointsPerMessage < 1) throw new Error('load.pointsPerMessage must be a positive integer');
  const short = boxes.find((box) => box.registerCount < load.pointsPerMessage);
  if (short) {
    throw new Error(`box ${short.id} has ${short.registerCount} registers, fewer than ${load.pointsPerMessage} points per message; give it more controllers`);
  }
}
