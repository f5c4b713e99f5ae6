import { conditionCleared, conditionMet, type LocalizedText } from '@cloudbox/domain';
import type { EventSeverity } from '../db/schema.js';
import type { Rule } from '../fleet/device-types.js';
import type { Sample } from './decode.js';

/** A fault record to write: `endedAt` set when the whole episode began and ended within one batch. */
export interface RecordToOpen {
  controllerId: number;
  ruleId: number;
  severity: EventSeverity;
  code: number;
  message: LocalizedText;
  register: number;
  value: number;
  startedAt: number;
  endedAt: number | null;
}

export interface RecordToClose {
  controllerId: number;
  ruleId: number;
  endedAt: number;
}

export interface Evaluation {
  /** Active records ended by a sample of this batch. */
  close: RecordToClose[];
  open: RecordToOpen[];
  /** Makes the evaluation the engine's state; call once the records are committed. */
  commit(): void;
}

interface RuleState {
  active: boolean;
  /** Sample time since which the condition holds while its debounce runs. */
  pendingSince: number | null;
}

/** How a rule's further conditions stand: all hold, one does not, or one cannot be judged yet. */
type Further = 'hold' | 'broken' | 'unknown';

const key = (controllerId: number, ruleId: number) => `${controllerId}:${ruleId}`;
/** A controller's register as one number (registers are 16-bit): no string built per reading. */
const valueKey = (controllerId: number, register: number) => controllerId * 0x10000 + register;

/**
 * Event rules over samples in sample-time order. A condition must hold for the rule's debounce
 * before a record opens (it starts when the condition began), and a record closes only when the
 * value is `clear_hysteresis` back on the safe side. State lives here, in memory: a storm of
 * identical messages finds the record already open and writes nothing; the database's partial
 * unique index is the second guard, across instances.
 *
 * A rule's further registers (`also`) are judged on the sample's value of that register, else on
 * the controller's last known one, which the engine keeps only for the registers some rule watches
 * (`DeviceTypeModel.watched`). The record ends when the main value is back past the hysteresis or a
 * further condition stops holding. A `change` rule opens and ends its record at the sample whose
 * value differs from the one before (no debounce: a change has no duration).
 *
 * Evaluation is staged: a batch's outcome becomes the state only after its commit, so a batch
 * that fails and is written again evaluates to the same records.
 */
export function createEventEngine() {
  const states = new Map<string, RuleState>();
  /** The newest sample time evaluated per controller: older (late) samples do not rewrite the past. */
  const evaluatedUntil = new Map<number, number>();
  /** Last known values of watched registers, by `valueKey`. */
  const lastValues = new Map<number, number>();
  // Scratch for one sample at a time (cleared, never reallocated): its watched values and what they replaced.
  const inSample = new Map<number, number>();
  const previousInSample = new Map<number, number | undefined>();

  return {
    /** The records open in the database (at start, and now and then from other instances). */
    setActive(records: Iterable<{ controllerId: number; ruleId: number }>): void {
      for (const state of states.values()) state.active = false;
      for (const record of records) {
        const current = states.get(key(record.controllerId, record.ruleId));
        states.set(key(record.controllerId, record.ruleId), { active: true, pendingSince: current?.pendingSince ?? null });
      }
    },

    evaluate(samples: readonly Sample[]): Evaluation {
      const staged = new Map<string, RuleState>();
      const stagedUntil = new Map<number, number>();
      const stagedValues = new Map<number, number>();
      const openedHere = new Map<string, RecordToOpen>();
      const close: RecordToClose[] = [];
      const open: RecordToOpen[] = [];
      const lastValue = (controllerId: number, register: number) => {
        const at = valueKey(controllerId, register);
        return stagedValues.get(at) ?? lastValues.get(at);
      };
      const ordered = [...samples].sort((a, b) => a.ts - b.ts);
      for (const sample of ordered) {
        const controllerId = sample.controller.id;
        const until = stagedUntil.get(controllerId) ?? evaluatedUntil.get(controllerId) ?? Number.NEGATIVE_INFINITY;
        if (sample.ts <= until) continue;
        stagedUntil.set(controllerId, sample.ts);
        const type = sample.controller.deviceType;
        if (type.rulesByRegister.size === 0) continue;
        if (type.watched) rememberWatched(sample, type.watched);
        else if (inSample.size > 0) inSample.clear();
        for (let index = 0; index < sample.registers.length; index += 1) {
          const register = sample.registers[index]!;
          const rules = type.rulesByRegister.get(register);
          if (!rules) continue;
          for (const rule of rules) {
            if (!judgedHere(rule, register)) continue;
            const value = register === rule.register ? sample.readings[index]! : (inSample.get(rule.register) ?? lastValue(controllerId, rule.register));
            if (value === undefined) continue;
            judge(rule, sample, value);
          }
        }
      }

      /** Notes the sample's watched values (and the ones they replace) before any rule is judged on them. */
      function rememberWatched(sample: Sample, watched: ReadonlySet<number>): void {
        inSample.clear();
        previousInSample.clear();
        for (let index = 0; index < sample.registers.length; index += 1) {
          const register = sample.registers[index]!;
          if (!watched.has(register)) continue;
          previousInSample.set(register, lastValue(sample.controller.id, register));
          inSample.set(register, sample.readings[index]!);
          stagedValues.set(valueKey(sample.controller.id, register), sample.readings[index]!);
        }
      }

      /**
       * A rule is found under each of its registers in the sample: it is judged once, under its main
       * register if the sample has it, else under the first of its further registers present.
       */
      function judgedHere(rule: Rule, register: number): boolean {
        if (register === rule.register) return true;
        if (inSample.has(rule.register)) return false;
        for (const further of rule.also) if (inSample.has(further.register)) return further.register === register;
        return false;
      }

      /** Whether every further condition holds; `unknown` when a further register has no value yet. */
      function further(rule: Rule, controllerId: number): Further {
        if (rule.also.length === 0) return 'hold';
        for (const { register, condition } of rule.also) {
          const value = inSample.get(register) ?? lastValue(controllerId, register);
          if (value === undefined) return 'unknown';
          if (!conditionMet(condition, value)) return 'broken';
        }
        return 'hold';
      }

      function judge(rule: Rule, sample: Sample, value: number): void {
        const controllerId = sample.controller.id;
        const id = key(controllerId, rule.id);
        let state = staged.get(id);
        if (!state) staged.set(id, (state = { ...(states.get(id) ?? { active: false, pendingSince: null }) }));
        const others = further(rule, controllerId);
        if (state.active) {
          const ended = others === 'broken' || conditionCleared({ condition: rule.condition, clear_hysteresis: rule.clearHysteresis }, value);
          if (!ended) return;
          state.active = false;
          state.pendingSince = null;
          const episode = openedHere.get(id);
          if (episode) {
            episode.endedAt = sample.ts;
            openedHere.delete(id);
          } else {
            close.push({ controllerId, ruleId: rule.id, endedAt: sample.ts });
          }
          return;
        }
        if (rule.condition.type === 'change') {
          if (!inSample.has(rule.register) || !conditionMet(rule.condition, value, previousInSample.get(rule.register))) return;
          if (others !== 'hold') return;
          open.push(recordOf(rule, controllerId, value, sample.ts, sample.ts));
          return;
        }
        if (others !== 'hold' || !conditionMet(rule.condition, value)) {
          state.pendingSince = null;
          return;
        }
        state.pendingSince ??= sample.ts;
        if (sample.ts - state.pendingSince < rule.debounceMs) return;
        const record = recordOf(rule, controllerId, value, state.pendingSince, null);
        state.active = true;
        open.push(record);
        openedHere.set(id, record);
      }

      return {
        close,
        open,
        commit() {
          for (const [id, state] of staged) states.set(id, state);
          for (const [controllerId, ts] of stagedUntil) evaluatedUntil.set(controllerId, ts);
          for (const [at, value] of stagedValues) lastValues.set(at, value);
        },
      };
    },

    /** A controller or box is gone: forget its state. */
    forgetController(controllerId: number): void {
      evaluatedUntil.delete(controllerId);
      for (const id of states.keys()) if (id.startsWith(`${controllerId}:`)) states.delete(id);
      for (const at of lastValues.keys()) if (Math.floor(at / 0x10000) === controllerId) lastValues.delete(at);
    },
  };
}

function recordOf(rule: Rule, controllerId: number, value: number, startedAt: number, endedAt: number | null): RecordToOpen {
  return {
    controllerId,
    ruleId: rule.id,
    severity: rule.severity,
    code: rule.code,
    message: rule.message,
    register: rule.register,
    value,
    startedAt,
    endedAt,
  };
}

export type EventEngine = ReturnType<typeof createEventEngine>;
