import {
  LANGUAGES,
  type EventCondition,
  type EventRuleItem,
  type EventRuleUpdateInput,
  type FaultSeverity,
  type LocalizedText,
  type RuleRegisterChoice,
} from '@cloudbox/domain';
import type { NamedCondition } from '../shared/condition-text';

/** The form's values: the body of the API, with conditions as the form holds them (fields of other kinds may linger). */
export interface RuleFormValues {
  device_type?: string;
  register?: number;
  condition?: Partial<EventCondition> & { type?: EventCondition['type'] };
  also?: { register?: number; condition?: RuleFormValues['condition'] }[];
  severity: FaultSeverity;
  debounce_s: number;
  clear_hysteresis: number;
  message: Partial<LocalizedText>;
  enabled: boolean;
}

export const EMPTY_RULE: RuleFormValues = {
  condition: { type: 'threshold', op: '>' },
  also: [],
  severity: 'alert',
  debounce_s: 0,
  clear_hysteresis: 0,
  message: {},
  enabled: true,
};

/** Only the fields of the condition's kind; undefined while a field it needs is empty. */
export function conditionOf(value: RuleFormValues['condition']): EventCondition | undefined {
  const known = (...numbers: unknown[]) => numbers.every((number) => typeof number === 'number' && Number.isFinite(number));
  const fields = (value ?? {}) as Record<string, unknown>;
  switch (value?.type) {
    case 'threshold':
      return known(fields.value) && typeof fields.op === 'string' ? ({ type: 'threshold', op: fields.op, value: fields.value } as EventCondition) : undefined;
    case 'range':
      return known(fields.low, fields.high)
        ? { type: 'range', low: fields.low as number, high: fields.high as number, inside: fields.inside !== false }
        : undefined;
    case 'bit':
      return known(fields.bit) ? { type: 'bit', bit: fields.bit as number, set: fields.set !== false } : undefined;
    case 'equals': {
      const values = Array.isArray(fields.values) ? (fields.values as unknown[]).map(Number).filter(Number.isFinite) : [];
      return values.length > 0 ? { type: 'equals', values } : undefined;
    }
    case 'change':
      return { type: 'change' };
    default:
      return undefined;
  }
}

/** The body the server takes (PUT; POST adds the type). */
export function ruleInput(values: RuleFormValues): EventRuleUpdateInput {
  return {
    register: values.register!,
    condition: conditionOf(values.condition)!,
    also: (values.also ?? []).map((further) => ({ register: further.register!, condition: conditionOf(further.condition)! })),
    severity: values.severity,
    debounce_s: values.debounce_s ?? 0,
    clear_hysteresis: values.clear_hysteresis ?? 0,
    message: Object.fromEntries(LANGUAGES.map((language) => [language, values.message[language] ?? ''])) as LocalizedText,
    enabled: values.enabled,
  };
}

/** A stored rule as the form edits it. */
export function formValuesOf(rule: EventRuleItem): RuleFormValues {
  return {
    device_type: rule.device_type.id,
    register: rule.register,
    condition: rule.condition,
    also: rule.also.map(({ register, condition }) => ({ register, condition })),
    severity: rule.severity,
    debounce_s: rule.debounce_s,
    clear_hysteresis: rule.clear_hysteresis,
    message: rule.messages,
    enabled: rule.enabled,
  };
}

/** What the preview sentence needs of the form, once the main condition is complete: names and units from the type's registers. */
export function previewOf(
  values: RuleFormValues | undefined,
  registers: readonly RuleRegisterChoice[],
): (NamedCondition & { also: NamedCondition[]; debounce_s: number; severity: FaultSeverity }) | undefined {
  const named = (register: number | undefined, condition: RuleFormValues['condition']): NamedCondition | undefined => {
    const complete = conditionOf(condition);
    if (register === undefined || !complete) return undefined;
    const choice = registers.find((each) => each.number === register);
    return { register, register_name: choice?.name ?? null, unit: choice?.unit ?? '', condition: complete };
  };
  const main = values && named(values.register, values.condition);
  if (!values || !main) return undefined;
  const also = (values.also ?? []).flatMap((further) => named(further?.register, further?.condition) ?? []);
  return { ...main, also, debounce_s: values.debounce_s ?? 0, severity: values.severity ?? 'alert' };
}
