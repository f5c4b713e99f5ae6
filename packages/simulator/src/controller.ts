import { applyFieldWrite, decodeRegister, encodeRegister, type DeviceType, type WriteError } from '@cloudbox/domain';
import { ControllerLock } from './lock.js';
import { modelFor } from './models/index.js';
import type { ControllerModel, Readings, Settings } from './models/model.js';
import { clamp, episodeAt } from './models/signals.js';
import { planFor, type TypePlan } from './plan.js';
import { hash, hash3 } from './random.js';

/** How a lock-capable controller (its type has `unlock` registers) was provisioned. */
export interface LockProvision {
  /** The box's unlock key (hex); without one no password opens the controller. */
  boxKey?: string;
  /** Starts locked, with no service days left. */
  locked?: boolean;
}

/** Service days a controller that does not start locked has left: one to eleven months, by its key. */
const FIRST_SERVICE_DAYS = { min: 30, spread: 335 };

export type WriteOutcome = { ok: true; value: number } | { ok: false; error: WriteError };

/**
 * One controller on a box's bus: its model's physics, its memory of writable registers, and the
 * raw words a box polls from it. Values leave through the domain codec, so every raw word decodes
 * back to the value the model produced, rounded to the register's decimals.
 */
export class VirtualController implements Readings {
  private readonly plan: TypePlan;
  private readonly model: ControllerModel;
  private readonly settings: Settings;
  private readonly values: Float64Array;
  private readonly words: Float64Array;
  private tick = 0;
  private lastTs: number | undefined;
  private hints = 0;
  /** The lock, for a type with `unlock` registers. */
  readonly lock: ControllerLock | undefined;

  constructor(
    readonly station: number,
    readonly deviceType: DeviceType,
    private readonly key: number,
    private readonly faultRate: number,
    /** Engineering values pinned on registers whatever the model or a write says (`--hold`). */
    private readonly holds: ReadonlyMap<number, number> = new Map(),
    provision: LockProvision = {},
  ) {
    this.plan = planFor(deviceType);
    this.model = modelFor(deviceType)(key, deviceType);
    this.settings = new Map(this.model.defaults);
    this.values = new Float64Array(this.plan.registers.length);
    this.words = new Float64Array(this.plan.wordMembers.length);
    for (const [register, value] of this.settings) this.set(register, value);
    for (const [register, value] of holds) this.set(register, value);
    this.lock =
      deviceType.unlock &&
      new ControllerLock({
        station,
        boxKey: provision.boxKey,
        locked: provision.locked ?? false,
        serviceDays: FIRST_SERVICE_DAYS.min + (hash(key, 0x10c4) % FIRST_SERVICE_DAYS.spread),
        // Random like everything the simulator does: from its key, so a run with the same seed is alike.
        nextHint: () => 100_000 + (hash3(key, 0x41c8, (this.hints += 1)) % 900_000),
      });
    if (this.lock?.locked) this.switchOff();
    this.showLock();
  }

  get registerCount(): number {
    return this.plan.registers.length;
  }

  get(register: number): number {
    return this.values[this.slot(register)]!;
  }

  set(register: number, value: number): void {
    this.values[this.slot(register)] = value;
  }

  /** Advances the controller to `ts` and latches the raw words of every register. */
  sample(ts: number): void {
    const dt = this.lastTs === undefined ? 0 : Math.max(0, (ts - this.lastTs) / 1000);
    this.lastTs = ts;
    this.advanceLock(ts);
    const episode = episodeAt(this.key, this.tick, this.faultRate);
    this.model.step({ ts, dt, tick: this.tick, episode }, this.settings, this);
    this.tick += 1;
    for (const [register, value] of this.settings) this.set(register, value);
    for (const [register, value] of this.holds) this.set(register, value);
    this.showLock();
    for (let word = 0; word < this.words.length; word += 1) this.words[word] = this.composeWord(word);
  }

  /** The raw word the register in `slot` (catalog order) read at the last sample or write. */
  rawAt(slot: number): number {
    return this.words[this.plan.wordOf[slot]!]!;
  }

  /** `"<register number>":`, the register's key in a data message. */
  jsonKeyAt(slot: number): string {
    return this.plan.jsonKeys[slot]!;
  }

  /** A remote write of a raw word, checked as the controller's firmware would; answers the word read back. */
  write(register: number, raw: number): WriteOutcome {
    const slot = this.plan.slotOf.get(register);
    if (slot === undefined) return { ok: false, error: 'unknown_register' };
    const definition = this.plan.registers[slot]!;
    if (!definition.writable) return { ok: false, error: 'not_writable' };
    if (!Number.isInteger(raw)) return { ok: false, error: 'bad_request' };
    const decoded = decodeRegister(raw, definition);
    const outsideField = definition.mask !== undefined && (raw & ~definition.mask) >>> 0 !== 0;
    if (!decoded.ok || outsideField || !encodeRegister(decoded.value, definition).ok) return { ok: false, error: 'out_of_range' };
    if (this.lock && register === this.deviceType.unlock?.password) return this.enterPassword(decoded.value);
    // A locked controller refuses to start (or switch anything on) and stays stopped.
    if (this.lock?.locked && definition.onOff && decoded.value !== 0) return { ok: false, error: 'locked' };
    if (this.model.acceptsWrite?.(register, decoded.value, this.settings) === false) return { ok: false, error: 'out_of_range' };
    this.settings.set(register, decoded.value);
    this.values[slot] = decoded.value;
    return { ok: true, value: this.recompose(slot) };
  }

  /** A password written to the password register: the lock judges it; the register reads back 0. */
  private enterPassword(password: number): WriteOutcome {
    const outcome = this.lock!.enter(password);
    if (!outcome.ok) return outcome;
    this.showLock();
    const unlock = this.deviceType.unlock!;
    for (const register of [unlock.hint, unlock.state, unlock.service_days]) this.recompose(this.slot(register));
    return { ok: true, value: this.recompose(this.slot(unlock.password)) };
  }

  /** Counts the lock's service days down; when they run out the controller locks and stops. */
  private advanceLock(ts: number): void {
    if (!this.lock) return;
    const wasLocked = this.lock.locked;
    this.lock.advance(ts, this.switchedOn());
    if (this.lock.locked && !wasLocked) this.switchOff();
  }

  /** Whether anything is switched on (start/stop, coils): the machine runs, and running days count. */
  private switchedOn(): boolean {
    return this.plan.registers.some((register) => register.onOff && (this.settings.get(register.number) ?? 0) !== 0);
  }

  private switchOff(): void {
    for (const register of this.plan.registers) if (register.onOff && this.settings.has(register.number)) this.settings.set(register.number, 0);
    for (const [register, value] of this.settings) this.set(register, value);
  }

  /** The lock's registers: the hint code, the lock state, the service days, and a password register that reads 0. */
  private showLock(): void {
    const unlock = this.deviceType.unlock;
    if (!this.lock || !unlock) return;
    this.set(unlock.hint, this.lock.hint);
    this.set(unlock.password, 0);
    this.set(unlock.state, this.lock.locked ? 1 : 0);
    this.set(unlock.service_days, this.lock.serviceDays);
  }

  /** Composes the word of the register in `slot` again; answers it. */
  private recompose(slot: number): number {
    const word = this.plan.wordOf[slot]!;
    this.words[word] = this.composeWord(word);
    return this.words[word]!;
  }

  private slot(register: number): number {
    const slot = this.plan.slotOf.get(register);
    if (slot === undefined) throw new Error(`device type ${this.deviceType.id} has no register ${register}`);
    return slot;
  }

  private composeWord(word: number): number {
    const { plan } = this;
    let composed = 0;
    for (const slot of plan.wordMembers[word]!) {
      const register = plan.registers[slot]!;
      const scale = plan.scale[slot]!;
      const value = Math.round(clamp(this.values[slot]!, plan.min[slot]!, plan.max[slot]!) * scale) / scale;
      const encoded = encodeRegister(value, register);
      if (!encoded.ok) throw new Error(`${this.deviceType.id} register ${register.number} cannot hold ${value}: ${encoded.error}`);
      composed = applyFieldWrite(composed, encoded.raw, encoded.mask);
    }
    return composed;
  }
}
