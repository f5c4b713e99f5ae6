import { z } from 'zod';
import { LANGUAGES, type Language } from '../language.js';
import { DEVICE_FIELD_LABELS } from '../devices/list-fields.js';
import { conditionSchema, registerConditionSchema, type EventCondition, type RegisterCondition } from '../device-types/conditions.js';
import type { LocalizedText } from '../device-types/register.js';
import { deviceTypeIdParamSchema, type DeviceTypeSummary } from '../device-types/views.js';
import { FAULT_SEVERITIES, type FaultSeverity } from '../faults/labels.js';
import { booleanText, choice, digits, optional, timeRange } from '../http/query-fields.js';
import { pageQuerySchema } from '../http/query.js';
import type { MessageKey } from '../messages.js';
import { missingOrInvalid } from '../validation.js';
import { isoTimeSchema } from '../validation-schemas.js';

/**
 * Event rules as data (root, `/events/*`): what opens a fault record, edited without a restart,
 * and the fleet's event log (every record's firing and clearing). Issue messages are MessageKeys.
 */

/** Further registers a rule may require at the same time (besides its main one). */
export const MAX_FURTHER_REGISTERS = 7;

const number = z.number({ error: missingOrInvalid }).finite('fieldInvalid');
const messageText = z.string({ error: missingOrInvalid }).trim().min(1, 'fieldRequired').max(200, 'textTooLong');

/** POST /event-rules and PUT /event-rules/:id: the type is fixed once a rule exists (PUT leaves it out). */
const ruleFields = {
  register: z.number({ error: missingOrInvalid }).int('fieldInvalid').min(0, 'fieldInvalid').max(0xffff, 'fieldInvalid'),
  condition: conditionSchema,
  also: z.array(registerConditionSchema).max(MAX_FURTHER_REGISTERS, 'eventRuleTooManyFurther').default([]),
  severity: z.enum(FAULT_SEVERITIES, { error: missingOrInvalid }),
  debounce_s: number.min(0, 'fieldInvalid').max(86_400, 'fieldInvalid').default(0),
  clear_hysteresis: number.min(0, 'fieldInvalid').default(0),
  /** Every language: a record's message is shown in its reader's. */
  message: z.object(Object.fromEntries(LANGUAGES.map((language) => [language, messageText])) as Record<Language, typeof messageText>, {
    error: missingOrInvalid,
  }),
  enabled: z.boolean({ error: missingOrInvalid }).default(true),
};

/** What the body alone can tell: a band from low to high; `change` only as the main condition. */
function checkConditions(rule: { condition: EventCondition; also: RegisterCondition[] }, context: z.RefinementCtx): void {
  const conditions: [EventCondition, (string | number)[]][] = [
    [rule.condition, ['condition']],
    ...rule.also.map((further, index): [EventCondition, (string | number)[]] => [further.condition, ['also', index, 'condition']]),
  ];
  for (const [condition, path] of conditions) {
    if (condition.type === 'range' && condition.low > condition.high)
      context.addIssue({ code: 'custom', path: [...path, 'low'], message: 'eventRuleRangeOrder' });
    if (condition.type === 'change' && path[0] === 'also') context.addIssue({ code: 'custom', path: [...path, 'type'], message: 'eventRuleChangeOnlyMain' });
  }
}

export const eventRuleUpdateSchema = z.object(ruleFields).superRefine(checkConditions);
export type EventRuleUpdateInput = z.input<typeof eventRuleUpdateSchema>;
export type EventRuleUpdate = z.output<typeof eventRuleUpdateSchema>;

export const eventRuleCreateSchema = z.object({ device_type: deviceTypeIdParamSchema, ...ruleFields }).superRefine(checkConditions);
export type EventRuleCreateInput = z.input<typeof eventRuleCreateSchema>;
export type EventRuleCreate = z.output<typeof eventRuleCreateSchema>;

export const eventRuleEnabledSchema = z.object({ enabled: z.boolean({ error: missingOrInvalid }) });

export const eventRuleIdParamSchema = z.object({ id: digits('positiveInteger', 9).transform(Number) });

/** GET /event-rules: every rule of every type (or of one), by type and code. */
export const eventRuleQuerySchema = pageQuerySchema.extend({
  device_type: optional(deviceTypeIdParamSchema),
  enabled: optional(booleanText),
  severity: optional(choice(FAULT_SEVERITIES)),
});
export type EventRuleQuery = z.output<typeof eventRuleQuerySchema>;

/** A register a rule names, with its name (caller's language) and unit; the name is null once the type no longer declares it. */
export interface RuleRegister {
  register: number;
  register_name: string | null;
  unit: string;
}

export interface EventRuleItem extends RuleRegister {
  id: number;
  device_type: DeviceTypeSummary;
  code: number;
  condition: EventCondition;
  also: (RegisterCondition & RuleRegister)[];
  severity: FaultSeverity;
  debounce_s: number;
  clear_hysteresis: number;
  /** In the caller's language. */
  message: string;
  /** Every language, for editing. */
  messages: LocalizedText;
  enabled: boolean;
  updated_at: string;
}

const ruleRegisterFields = { register: z.number().int(), register_name: z.string().nullable(), unit: z.string() };

export const eventRuleItemSchema = z.object({
  id: z.number().int(),
  device_type: z.object({ id: z.string(), number: z.number().int(), name: z.string() }),
  code: z.number().int(),
  ...ruleRegisterFields,
  condition: conditionSchema,
  also: z.array(registerConditionSchema.extend(ruleRegisterFields)),
  severity: z.enum(FAULT_SEVERITIES),
  debounce_s: z.number(),
  clear_hysteresis: z.number(),
  message: z.string(),
  messages: z.object({ zh: z.string(), en: z.string(), es: z.string(), ja: z.string() }),
  enabled: z.boolean(),
  updated_at: isoTimeSchema,
}) satisfies z.ZodType<EventRuleItem>;

export const eventRulePageSchema = z.object({ total: z.number().int(), items: z.array(eventRuleItemSchema) });

/** A register of a type as the rule form offers it: what a condition on it may name. */
export interface RuleRegisterChoice {
  number: number;
  name: string;
  unit: string;
  width: number;
  format: string;
}

export const ruleRegisterChoicesSchema = z.array(
  z.object({ number: z.number().int(), name: z.string(), unit: z.string(), width: z.number().int(), format: z.string() }),
) satisfies z.ZodType<RuleRegisterChoice[]>;

/** The event log: a record's start is a firing, its end a clearing. */
export const EVENT_KINDS = ['fired', 'cleared'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const eventLogQuerySchema = pageQuerySchema.extend({
  ...timeRange,
  box_id: optional(digits('boxIdFormat', 32)),
  device_type: optional(deviceTypeIdParamSchema),
  /** A rule's id. */
  rule: optional(digits('positiveInteger', 9).transform(Number)),
  severity: optional(choice(FAULT_SEVERITIES)),
  kind: optional(choice(EVENT_KINDS)),
});
export type EventLogQuery = z.output<typeof eventLogQuerySchema>;

export const eventLogExportQuerySchema = eventLogQuerySchema.omit({ page: true, page_size: true });
export type EventLogExportQuery = z.output<typeof eventLogExportQuerySchema>;

export interface EventLogEntry {
  /** The fault record's id: a firing and its clearing share it. */
  record_id: number;
  kind: EventKind;
  time: string;
  box_id: string;
  controller_id: number;
  owner_unit: string;
  device_type: string;
  model: string;
  /** null once the rule was deleted. */
  rule_id: number | null;
  code: number;
  severity: FaultSeverity;
  message: string;
  register: number;
  register_name: string | null;
  value: number;
}

export const eventLogEntrySchema = z.object({
  record_id: z.number().int(),
  kind: z.enum(EVENT_KINDS),
  time: isoTimeSchema,
  box_id: z.string(),
  controller_id: z.number().int(),
  owner_unit: z.string(),
  device_type: z.string(),
  model: z.string(),
  rule_id: z.number().int().nullable(),
  code: z.number().int(),
  severity: z.enum(FAULT_SEVERITIES),
  message: z.string(),
  register: z.number().int(),
  register_name: z.string().nullable(),
  value: z.number(),
}) satisfies z.ZodType<EventLogEntry>;

export const eventLogPageSchema = z.object({ total: z.number().int(), items: z.array(eventLogEntrySchema) });

/** The export's columns, those of the log screen. */
export const EVENT_LOG_FIELD_LABELS = {
  time: 'columnEventTime',
  kind: 'columnEventKind',
  box_id: DEVICE_FIELD_LABELS.box_id,
  controller_id: DEVICE_FIELD_LABELS.controller_id,
  owner_unit: DEVICE_FIELD_LABELS.owner_unit,
  model: DEVICE_FIELD_LABELS.model,
  code: 'columnFaultCode',
  severity: 'columnFaultType',
  message: 'columnFaultMessage',
  register_name: 'columnParameter',
  value: 'columnFaultValue',
} satisfies Record<string, MessageKey>;

export const EVENT_KIND_LABELS: Record<EventKind, MessageKey> = { fired: 'eventFired', cleared: 'eventCleared' };
