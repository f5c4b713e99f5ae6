import type { EventCondition } from '@cloudbox/domain';
import type { TFunction } from 'i18next';

/** A stop condition as a sentence of the lists ("value < 100", "bit 3 is 1"). */
export function describeCondition(t: TFunction, condition: EventCondition): string {
  switch (condition.type) {
    case 'threshold':
      return t('chartSettings.describe.threshold', { op: condition.op, value: condition.value });
    case 'range':
      return t(`chartSettings.describe.${condition.inside ? 'inside' : 'outside'}`, { low: condition.low, high: condition.high });
    case 'bit':
      return t(`chartSettings.describe.${(condition.set ?? true) ? 'bitSet' : 'bitClear'}`, { bit: condition.bit });
    case 'equals':
      return t('chartSettings.describe.equals', { values: condition.values.join(', ') });
    case 'change':
      return condition.type;
  }
}
