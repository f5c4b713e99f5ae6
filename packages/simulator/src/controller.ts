import { applyFieldWrite, decodeRegister, encodeRegister, type DeviceType, type WriteError } from '@cloudbox/domain';
import { modelFor } from './models/index.js';
import type { ControllerModel, Readings, Settings } from './models/model.js';
import { clamp, episodeAt } from './models/signals.js';
import { planFor, type TypePlan } from './plan.js';

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

  constructor(
    readonly station: number,
    readonly deviceType: DeviceType,
    private readonly key: number,
    private readonly faultRate: number,
    /** Engineering values pinned on registers whatever the model or a write says (`--hold`). */
    private readonly holds: ReadonlyMap<number, number> = new Map(),
  ) {
    this.plan = planFor(deviceType);
    this.model = modelFor(deviceType)(key, deviceType);
    this.settings = new Map(this.model.defaults);
    this.values = new Float64Array(this.plan.registers.length);
    this.words = new Float64Array(this.plan.wordMembers.length);
    for (const [register, value] of this.settings) this.set(register, value);
    for (const [register, value] of holds) this.set(register, value);
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
    const episode = episodeAt(this.key, this.tick, this.faultRate);
    this.model.step({ ts, dt, tick: this.tick, episode }, this.settings, this);
    this.tick += 1;
    for (const [register, value] of this.settings) this.set(register, value);
    for (const [register, value] of this.holds) this.set(register, value);
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
    if (this.model.acceptsWrite?.(register, decoded.value, this.settings) === false) return { ok: false, error: 'out_of_range' };
    this.settings.set(register, decoded.value);
    this.values[slot] = decoded.value;
    const word = this.plan.wordOf[slot]!;
    this.words[word] = this.composeWord(word);
    return { ok: true, value: this.words[word]! };
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
