import { z } from 'zod';
import { conditionSchema, registerConditionSchema } from './conditions.js';
import type { UnlockRegisters } from '../dynamic-passwords/modes.js';
import { fieldWidth, localizedTextSchema, registerSchema } from './register.js';

export const DEVICE_KINDS = ['maglev', 'compressor', 'plc'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** The console page a device type opens with (the route families of SPEC.md section 2). */
export const PAGE_TEMPLATES = ['maglev-controller', 'controller', 'plcController'] as const;

/** One row of a device page: two parameters side by side (SPEC.md section 3, page layout). */
const layoutRowSchema = z.object({
  row: z.number().int().min(1),
  name1: localizedTextSchema,
  register1: z.number().int(),
  name2: localizedTextSchema.nullable(),
  register2: z.number().int().nullable(),
});

/**
 * A default event rule of a device type. The condition must hold for `debounce_s` before the
 * record opens; a threshold record closes only once the value is `clear_hysteresis` back on the
 * safe side, so a value hovering at the limit does not open a storm of records.
 */
export const eventRuleSchema = z.object({
  register: z.number().int(),
  condition: conditionSchema,
  /** Further registers whose conditions must hold at the same time (all of them). */
  also: z.array(registerConditionSchema).max(7).optional(),
  severity: z.enum(['alert', 'fault']),
  debounce_s: z.number().min(0),
  clear_hysteresis: z.number().min(0),
  message: localizedTextSchema,
});
export type EventRule = z.infer<typeof eventRuleSchema>;

/**
 * A seeded gauge: a register number (its scale: the register's declared range), or the register
 * with the scale and colour bands an operator of the machine expects.
 */
const gaugeSeedSchema = z.union([
  z.number().int(),
  z.object({
    register: z.number().int(),
    min: z.number(),
    max: z.number(),
    bands: z.array(z.object({ to: z.number(), color: z.string().regex(/^#[0-9a-fA-F]{6}$/) })).optional(),
  }),
]);
export type GaugeSeed = z.infer<typeof gaugeSeedSchema>;

/**
 * Where a controller keeps its lock (ARCHITECTURE-services.md, "Dynamic passwords: the scheme"): the
 * hint code it shows, the register a password is written to, its lock state and its service days left.
 */
export const unlockRegistersSchema = z.object({
  hint: z.number().int(),
  password: z.number().int(),
  state: z.number().int(),
  service_days: z.number().int(),
}) satisfies z.ZodType<UnlockRegisters>;

export const deviceTypeSchema = z
  .object({
    id: z.string().regex(/^[a-z][a-z0-9_]*$/),
    name: localizedTextSchema,
    kind: z.enum(DEVICE_KINDS),
    registers: z.array(registerSchema).min(1),
    layout: z.object({ template: z.enum(PAGE_TEMPLATES), rows: z.array(layoutRowSchema) }),
    events: z.array(eventRuleSchema),
    /** The seeded chart settings: the live page's gauges and what means stopped. */
    charts: z.object({ gauges: z.array(gaugeSeedSchema), stop: registerConditionSchema.optional() }).optional(),
    /** The lock's registers; absent: the type's controllers cannot be unlocked from the console. */
    unlock: unlockRegistersSchema.optional(),
  })
  .superRefine((deviceType, ctx) => {
    const byNumber = new Map(deviceType.registers.map((register) => [register.number, register]));
    if (byNumber.size !== deviceType.registers.length) {
      ctx.addIssue({ code: 'custom', path: ['registers'], message: 'register numbers must be unique' });
    }
    const missing = (path: (string | number)[], number: number | null) => {
      if (number !== null && !byNumber.has(number)) ctx.addIssue({ code: 'custom', path, message: `no register ${number}` });
    };
    deviceType.layout.rows.forEach((row, index) => {
      missing(['layout', 'rows', index, 'register1'], row.register1);
      missing(['layout', 'rows', index, 'register2'], row.register2);
    });
    if (deviceType.unlock) {
      for (const [role, number] of Object.entries(deviceType.unlock)) missing(['unlock', role], number);
    }
    deviceType.events.forEach((rule, index) => {
      missing(['events', index, 'register'], rule.register);
      const register = byNumber.get(rule.register);
      if (register && rule.condition.type === 'bit' && rule.condition.bit >= fieldWidth(register)) {
        ctx.addIssue({ code: 'custom', path: ['events', index, 'condition'], message: 'bit outside the register' });
      }
    });
  });
export type DeviceType = z.output<typeof deviceTypeSchema>;
export type DeviceTypeInput = z.input<typeof deviceTypeSchema>;
