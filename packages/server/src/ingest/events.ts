import { conditionCleared, conditionMet, type LocalizedText } from '@cloudbox/domain';
import type { EventSeverity } from '../db/schema.js';
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

const key = (controllerId: number, ruleId: number) => `${controllerId}:${ruleId}`;

/**
 * Event rules over samples in sample-time order. A condition must hold for the rule's debounce
 * before a record opens (it starts when the condition began), and a record closes only when the
 * value is `clear_hysteresis` back on the safe side. State lives here, in memory: a storm of
 * identical messages finds the record already open and writes nothing; the database's partial
 * unique index is the second guard, across instances.
 *
 * Evaluation is staged: a batch's outcome becomes the state only after its commit, so a batch
 * that fails and is written again evaluates to the same records.
 */
export function createEventEngine() {
  const states = new Map<string, RuleState>();
  /** The newest sample time evaluated per controller: older (late) samples do not rewrite the past. */
  const evaluatedUntil = new Map<number, number>();

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
      const openedHere = new Map<string, RecordToOpen>();
      const close: RecordToClose[] = [];
      const open: RecordToOpen[] = [];
      const ordered = [...samples].sort((a, b) => a.ts - b.ts);
      for (const sample of ordered) {
        const controllerId = sample.controller.id;
        const until = stagedUntil.get(controllerId) ?? evaluatedUntil.get(controllerId) ?? Number.NEGATIVE_INFINITY;
        if (sample.ts <= until) continue;
        stagedUntil.set(controllerId, sample.ts);
        const rulesByRegister = sample.controller.deviceType.rulesByRegister;
        if (rulesByRegister.size === 0) continue;
        for (let index = 0; index < sample.registers.length; index += 1) {
          const rules = rulesByRegister.get(sample.registers[index]!);
          if (!rules) continue;
          const value = sample.readings[index]!;
          for (const rule of rules) {
            const id = key(controllerId, rule.id);
            const state = staged.get(id) ?? { ...(states.get(id) ?? { active: false, pendingSince: null }) };
            staged.set(id, state);
            if (state.active) {
              if (!conditionCleared({ condition: rule.condition, clear_hysteresis: rule.clearHysteresis }, value)) continue;
              state.active = false;
              state.pendingSince = null;
              const episode = openedHere.get(id);
              if (episode) {
                episode.endedAt = sample.ts;
                openedHere.delete(id);
              } else {
                close.push({ controllerId, ruleId: rule.id, endedAt: sample.ts });
              }
            } else if (conditionMet(rule.condition, value)) {
              state.pendingSince ??= sample.ts;
              if (sample.ts - state.pendingSince < rule.debounceMs) continue;
              const record: RecordToOpen = {
                controllerId,
                ruleId: rule.id,
                severity: rule.severity,
                code: rule.code,
                message: rule.message,
                register: rule.register,
                value,
                startedAt: state.pendingSince,
                endedAt: null,
              };
              state.active = true;
              open.push(record);
              openedHere.set(id, record);
            } else {
              state.pendingSince = null;
            }
          }
        }
      }
      return {
        close,
        open,
        commit() {
          for (const [id, state] of staged) states.set(id, state);
          for (const [controllerId, ts] of stagedUntil) evaluatedUntil.set(controllerId, ts);
        },
      };
    },

    /** A controller or box is gone: forget its state. */
    forgetController(controllerId: number): void {
      evaluatedUntil.delete(controllerId);
      for (const id of states.keys()) if (id.startsWith(`${controllerId}:`)) states.delete(id);
    },
  };
}

export type EventEngine = ReturnType<typeof createEventEngine>;
