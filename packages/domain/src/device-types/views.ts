import { z } from 'zod';
import { FAULT_SEVERITIES, type FaultSeverity } from '../faults/labels.js';
import { conditionSchema, registerConditionSchema, type EventCondition, type RegisterCondition } from './conditions.js';

/** The device types as the device-types module answers them: names and event rules in the caller's language. */

/** A device type by its id and its name in the caller's language. */
export interface DeviceTypeSummary {
  id: string;
  /** What the console's routes carry (`/device-type/type-config/edit/:id`). */
  number: number;
  name: string;
}

/** An event rule of a device type as the server holds it (the event_rules table), worded in the caller's language. */
export interface EventRuleView {
  id: number;
  /** What fault records and exports show. */
  code: number;
  register: number;
  /** The register's name; null when the type no longer declares it. */
  register_name: string | null;
  unit: string;
  condition: EventCondition;
  also: RegisterCondition[];
  severity: FaultSeverity;
  debounce_s: number;
  clear_hysteresis: number;
  message: string;
  enabled: boolean;
}

export interface DeviceTypeEventRules {
  device_type: DeviceTypeSummary;
  rules: EventRuleView[];
}

/** The `:deviceTypeId` of the routes: a type's id, or its number (digits). */
export const deviceTypeIdParamSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'fieldInvalid');

const deviceTypeSummarySchema = z.object({ id: z.string(), number: z.number().int(), name: z.string() }) satisfies z.ZodType<DeviceTypeSummary>;
export const deviceTypeListSchema = z.array(deviceTypeSummarySchema);

export const deviceTypeEventRulesSchema = z.object({
  device_type: deviceTypeSummarySchema,
  rules: z.array(
    z.object({
      id: z.number().int(),
      code: z.number().int(),
      register: z.number().int(),
      register_name: z.string().nullable(),
      unit: z.string(),
      condition: conditionSchema,
      also: z.array(registerConditionSchema),
      severity: z.enum(FAULT_SEVERITIES),
      debounce_s: z.number(),
      clear_hysteresis: z.number(),
      message: z.string(),
      enabled: z.boolean(),
    }),
  ),
}) satisfies z.ZodType<DeviceTypeEventRules>;
