import { THRESHOLD_OPS, type EventCondition, type ThresholdOp } from '@cloudbox/domain';

/** A stop condition as its form holds it: every kind's fields side by side, `values` as typed ("0, 2"). */
export interface ConditionFields {
  type?: 'threshold' | 'range' | 'bit' | 'equals';
  op?: ThresholdOp;
  value?: number;
  low?: number;
  high?: number;
  inside?: boolean;
  bit?: number;
  set?: boolean;
  values?: string;
}

export const STOP_CONDITION_TYPES = ['threshold', 'range', 'bit', 'equals'] as const;
export { THRESHOLD_OPS };

/** The numbers of a typed list ("0, 2 3"); undefined when any part is not a number or none is given. */
export function parseValues(text: string | undefined): number[] | undefined {
  const parts = (text ?? '').split(/[\s,，;]+/).filter(Boolean);
  const numbers = parts.map(Number);
  return numbers.length > 0 && numbers.every(Number.isFinite) ? numbers : undefined;
}

/** The condition the form describes (the server checks it again). */
export function conditionOf(fields: ConditionFields): EventCondition {
  switch (fields.type) {
    case 'range':
      return { type: 'range', low: fields.low ?? 0, high: fields.high ?? 0, inside: fields.inside ?? true };
    case 'bit':
      return { type: 'bit', bit: fields.bit ?? 0, set: fields.set ?? true };
    case 'equals':
      return { type: 'equals', values: parseValues(fields.values) ?? [] };
    default:
      return { type: 'threshold', op: fields.op ?? '<', value: fields.value ?? 0 };
  }
}

/** The form's fields of a stored condition. */
export function fieldsOf(condition: EventCondition): ConditionFields {
  switch (condition.type) {
    case 'equals':
      return { type: 'equals', values: condition.values.join(', ') };
    case 'change':
      return { type: 'threshold' };
    case 'bit':
      return { type: 'bit', bit: condition.bit, set: condition.set ?? true };
    default:
      return { ...condition };
  }
}
