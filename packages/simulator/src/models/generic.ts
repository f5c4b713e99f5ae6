import { encodeText, fieldWidth, registerRange, type DeviceType, type Register } from '@cloudbox/domain';
import { between, hash, hash3, smoothNoise, unit } from '../random.js';
import type { ControllerModel, Readings, Settings, StepContext } from './model.js';

/** Without min and max a number register wanders over at most this many units from zero. */
const DEFAULT_SPAN = 1000;
/** How much of its range a number uses: it never sits on a limit, where an event threshold often is. */
const USED_SHARE = 0.8;
const TEXT = 'SIM1';

/** How one register behaves: a smooth value, toggling bits, an enum cycling through its choices, or a constant. */
type Signal = (ts: number) => number;

/** The range a number register moves in: its min..max, else a span of the word from zero, within what the word holds. */
export function genericRange(register: Register): { min: number; max: number } {
  const word = registerRange(register);
  const defaultLow = register.signed ? -DEFAULT_SPAN / 2 : 0;
  const low = register.min ?? (register.max === undefined ? defaultLow : register.max - DEFAULT_SPAN);
  const high = register.max ?? low + DEFAULT_SPAN;
  return { min: Math.max(word.min, low), max: Math.min(word.max, high) };
}

/** Whether an integer register only holds 0 and 1: a flag, which toggles rather than wanders. */
function isFlag(register: Register, range: { min: number; max: number }): boolean {
  return register.decimals === 0 && range.min === 0 && range.max === 1;
}

function enumCodes(register: Register): number[] {
  return Object.keys(register.enum ?? {})
    .map(Number)
    .sort((a, b) => a - b);
}

/** The bits of a field, each flipping at its own pace of a few minutes. */
function toggling(key: number, width: number): Signal {
  const bits = Math.min(width, 16);
  return (ts) => {
    let value = 0;
    for (let bit = 0; bit < bits; bit += 1) {
      const periodMs = between(key, 0xb170 + bit, 60_000, 600_000);
      if (unit(hash3(key, bit, Math.floor(ts / periodMs))) < 0.5) value += 2 ** bit;
    }
    return value;
  };
}

function signalOf(key: number, register: Register): Signal {
  const registerKey = hash(key, register.number);
  switch (register.format) {
    case 'text': {
      const text = encodeText(TEXT.slice(0, register.width / 8), register);
      return () => (text.ok ? text.raw : 0);
    }
    case 'enum': {
      const codes = enumCodes(register);
      const periodMs = between(registerKey, 1, 60_000, 300_000);
      const phase = hash(registerKey, 2) % Math.max(1, codes.length);
      return (ts) => codes[(Math.floor(ts / periodMs) + phase) % codes.length] ?? 0;
    }
    case 'bits':
      return toggling(registerKey, fieldWidth(register));
    case 'number': {
      const range = genericRange(register);
      if (isFlag(register, range)) return toggling(registerKey, 1);
      const middle = (range.min + range.max) / 2;
      const half = ((range.max - range.min) / 2) * USED_SHARE;
      const periodMs = between(registerKey, 3, 60_000, 900_000);
      return (ts) => onStep(register, middle + half * smoothNoise(registerKey, ts, periodMs));
    }
  }
}

/** What a writable register holds at power-up: the middle of its range, its first choice, no bits, or the text. */
function initialSetting(register: Register, signal: Signal): number {
  if (register.format === 'enum') return enumCodes(register)[0] ?? 0;
  if (register.format === 'bits') return 0;
  if (register.format === 'text') return signal(0);
  const range = genericRange(register);
  return onStep(register, (range.min + range.max) / 2);
}

/** A value the register can hold exactly: a whole number of its scale steps (or of its last decimal), at its decimals. */
function onStep(register: Register, value: number): number {
  const step = register.scale ?? 10 ** -register.decimals;
  const digits = 10 ** register.decimals;
  return Math.round(Math.round(value / step) * step * digits) / digits;
}

/**
 * A controller of a device type the simulator has no physics for (one defined in the database):
 * numbers wander smoothly within their ranges, each with its own pace and a phase of its own per
 * controller; bits toggle now and then; enums step through their choices; text registers read a
 * fixed short text; writable registers hold what is written.
 */
export function genericController(key: number, deviceType: DeviceType): ControllerModel {
  const signals = deviceType.registers.map((register) => ({ register, signal: signalOf(key, register) }));
  const defaults = new Map(
    signals.filter(({ register }) => register.writable).map(({ register, signal }) => [register.number, initialSetting(register, signal)] as [number, number]),
  );
  const readers = signals.filter(({ register }) => !register.writable);

  function step({ ts }: StepContext, _settings: Settings, readings: Readings): void {
    for (const { register, signal } of readers) readings.set(register.number, signal(ts));
  }

  return { defaults, step };
}
