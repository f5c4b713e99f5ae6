import { FAULT_SEVERITY_LABELS, formatMessage, type EventCondition, type FaultSeverity, type Language } from '@cloudbox/domain';
import type { TFunction } from 'i18next';

/** How a condition on a register reads in the reader's language: `> 95 °C`, `bit 3 is 1`, `between 10 and 20 bar`, `changes`. */
export function conditionText(t: TFunction, condition: EventCondition, unit = ''): string {
  const withUnit = unit ? ` ${unit}` : '';
  switch (condition.type) {
    case 'threshold':
      return t('eventRules.cond.threshold', { op: condition.op, value: condition.value, unit: withUnit });
    case 'range':
      return t(condition.inside ? 'eventRules.cond.inside' : 'eventRules.cond.outside', { low: condition.low, high: condition.high, unit: withUnit });
    case 'bit':
      return t(condition.set === false ? 'eventRules.cond.bitClear' : 'eventRules.cond.bitSet', { bit: condition.bit });
    case 'equals':
      return t('eventRules.cond.equals', { values: condition.values.join(', ') });
    case 'change':
      return t('eventRules.cond.change');
  }
}

/** A register named by a rule, with what the type calls it and its unit. */
export interface NamedCondition {
  register: number;
  register_name: string | null;
  unit: string;
  condition: EventCondition;
}

/**
 * A rule as one sentence in the reader's language: "出口温度 > 95 °C 持续 10 秒：故障",
 * "Outlet temperature > 95 °C, and Running bit 0 is 1 for 10 s: fault".
 */
export function ruleSentence(
  t: TFunction,
  language: Language,
  rule: NamedCondition & { also: NamedCondition[]; debounce_s: number; severity: FaultSeverity },
): string {
  const clause = (part: NamedCondition) =>
    t('eventRules.sentence.clause', { register: part.register_name ?? `#${part.register}`, condition: conditionText(t, part.condition, part.unit) });
  const clauses = [rule, ...rule.also].map(clause).join(t('eventRules.sentence.and'));
  const lasting = rule.debounce_s > 0 && rule.condition.type !== 'change' ? t('eventRules.sentence.for', { seconds: rule.debounce_s }) : '';
  return t('eventRules.sentence.result', { rule: clauses + lasting, severity: formatMessage(language, FAULT_SEVERITY_LABELS[rule.severity]) });
}
