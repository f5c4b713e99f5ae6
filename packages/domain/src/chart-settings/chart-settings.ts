import { z } from 'zod';
import { conditionSchema, type EventCondition } from '../device-types/conditions.js';
import { localizedTextSchema, REGISTER_FORMATS } from '../device-types/register.js';
import { deviceTypeIdParamSchema, type DeviceTypeSummary } from '../device-types/views.js';
import { missingOrInvalid } from '../validation.js';

/**
 * Chart settings of a device type (`/chartsManage/*`, root): the gauges of its live page and big
 * screen, the groups of registers its curves page draws stacked, and the condition on one register
 * that means its machine is stopped. Issue messages are MessageKeys, answered in the caller's language.
 */

export const MAX_GAUGE_BANDS = 8;
export const STACKED_REGISTERS = { min: 2, max: 8 } as const;

const registerNumber = z.number({ error: missingOrInvalid }).int('fieldInvalid').min(0, 'fieldInvalid').max(0xffff, 'fieldInvalid');
const finite = z.number({ error: missingOrInvalid }).finite('fieldInvalid');
const position = z.number({ error: missingOrInvalid }).int('fieldInvalid').min(0, 'fieldInvalid').max(9999, 'fieldInvalid').default(0);

/** A colour band of a gauge: up to `to` (engineering units) the arc is `color`. */
export const gaugeBandSchema = z.object({
  to: finite,
  color: z.string({ error: missingOrInvalid }).regex(/^#[0-9a-fA-F]{6}$/, 'chartBandColor'),
});
export type GaugeBandInput = z.infer<typeof gaugeBandSchema>;

/** POST /chart-settings/gauges, PUT /chart-settings/gauges/:id. `title` null: the register's name. */
export const gaugeInputSchema = z
  .object({
    device_type: deviceTypeIdParamSchema,
    register: registerNumber,
    title: localizedTextSchema.nullable().default(null),
    min: finite,
    max: finite,
    bands: z.array(gaugeBandSchema).max(MAX_GAUGE_BANDS, 'chartBandsTooMany').default([]),
    position,
  })
  .superRefine((gauge, ctx) => {
    if (gauge.min >= gauge.max) ctx.addIssue({ code: 'custom', path: ['max'], message: 'chartGaugeRange' });
    gauge.bands.forEach((band, index) => {
      const previous = index === 0 ? gauge.min : gauge.bands[index - 1]!.to;
      if (band.to <= previous || band.to > gauge.max) ctx.addIssue({ code: 'custom', path: ['bands', index, 'to'], message: 'chartBandOrder' });
    });
  });
export type GaugeInput = z.input<typeof gaugeInputSchema>;
export type Gauge = z.output<typeof gaugeInputSchema>;

/** POST /chart-settings/stacked-charts, PUT /chart-settings/stacked-charts/:id. */
export const stackedChartInputSchema = z.object({
  device_type: deviceTypeIdParamSchema,
  name: localizedTextSchema,
  registers: z
    .array(registerNumber)
    .min(STACKED_REGISTERS.min, 'chartStackedCount')
    .max(STACKED_REGISTERS.max, 'chartStackedCount')
    .refine((numbers) => new Set(numbers).size === numbers.length, 'chartStackedDistinct'),
  position,
});
export type StackedChartInput = z.input<typeof stackedChartInputSchema>;
export type StackedChart = z.output<typeof stackedChartInputSchema>;

/** What means stopped: any condition of event rules but `change` (a state, not an instant). */
export const stopConditionSchema = conditionSchema.superRefine((condition, ctx) => {
  if (condition.type === 'change') ctx.addIssue({ code: 'custom', path: ['type'], message: 'chartStopChange' });
  if (condition.type === 'range' && condition.low > condition.high) ctx.addIssue({ code: 'custom', path: ['high'], message: 'chartRangeOrder' });
});

/** PUT /chart-settings/stop-states/:deviceTypeId: the type's one stop state, replaced. */
export const stopStateInputSchema = z.object({
  register: registerNumber,
  condition: stopConditionSchema,
  note: z.string({ error: missingOrInvalid }).trim().max(200, 'textTooLong').default(''),
});
export type StopStateInput = z.input<typeof stopStateInputSchema>;
export type StopState = z.output<typeof stopStateInputSchema>;

/** GET /chart-settings/*: the list of one type (`device_type`) or of all. */
export const chartSettingsQuerySchema = z.object({ device_type: deviceTypeIdParamSchema.optional() });

/** `:id` of a gauge or a stacked chart. */
export const chartSettingIdParamsSchema = z.object({
  id: z.coerce.number({ error: missingOrInvalid }).int('fieldInvalid').min(1, 'fieldInvalid').max(2_147_483_647, 'fieldInvalid'),
});

// What root's screens read: the setting as stored, with the type's and registers' names in the caller's language.

const typeFields = { device_type: z.string(), device_type_number: z.number().int(), device_type_name: z.string() };
const registerFields = { register: z.number().int(), register_name: z.string().nullable(), unit: z.string(), decimals: z.number().int() };

export const gaugeSettingSchema = z.object({
  id: z.number().int(),
  ...typeFields,
  ...registerFields,
  title: localizedTextSchema.nullable(),
  min: z.number(),
  max: z.number(),
  bands: z.array(z.object({ to: z.number(), color: z.string() })),
  position: z.number().int(),
});
export type GaugeSetting = z.infer<typeof gaugeSettingSchema>;

const registerMetaSchema = z.object({ number: z.number().int(), name: z.string().nullable(), unit: z.string(), decimals: z.number().int() });
export type ChartRegister = z.infer<typeof registerMetaSchema>;

export const stackedChartSettingSchema = z.object({
  id: z.number().int(),
  ...typeFields,
  name: localizedTextSchema,
  registers: z.array(registerMetaSchema),
  position: z.number().int(),
});
export type StackedChartSetting = z.infer<typeof stackedChartSettingSchema>;

export const stopStateSettingSchema = z.object({
  ...typeFields,
  ...registerFields,
  condition: conditionSchema,
  note: z.string(),
  updated_at: z.string(),
});
export type StopStateSetting = z.infer<typeof stopStateSettingSchema>;

/** GET /chart-settings/registers?device_type=: the registers root's forms offer, in protocol order. */
export const chartRegisterOptionSchema = z.object({
  number: z.number().int(),
  name: z.string(),
  unit: z.string(),
  decimals: z.number().int(),
  format: z.enum(REGISTER_FORMATS),
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type ChartRegisterOption = z.infer<typeof chartRegisterOptionSchema>;
export const chartRegistersQuerySchema = z.object({ device_type: deviceTypeIdParamSchema });

// What every signed-in user's pages read: GET /device-types/:deviceTypeId/charts, worded in the caller's language.

export interface DeviceTypeCharts {
  device_type: DeviceTypeSummary;
  gauges: {
    id: number;
    register: number;
    /** The gauge's title, else the register's name. */
    title: string;
    register_name: string | null;
    unit: string;
    decimals: number;
    min: number;
    max: number;
    bands: { to: number; color: string }[];
  }[];
  stacked_charts: { id: number; name: string; registers: ChartRegister[] }[];
  stop_state: { register: number; register_name: string | null; condition: EventCondition; note: string } | null;
}
export type TypeGauge = DeviceTypeCharts['gauges'][number];
export type TypeStackedChart = DeviceTypeCharts['stacked_charts'][number];

export const deviceTypeChartsSchema = z.object({
  device_type: z.object({ id: z.string(), number: z.number().int(), name: z.string() }),
  gauges: z.array(
    z.object({
      id: z.number().int(),
      register: z.number().int(),
      title: z.string(),
      register_name: z.string().nullable(),
      unit: z.string(),
      decimals: z.number().int(),
      min: z.number(),
      max: z.number(),
      bands: z.array(z.object({ to: z.number(), color: z.string() })),
    }),
  ),
  stacked_charts: z.array(z.object({ id: z.number().int(), name: z.string(), registers: z.array(registerMetaSchema) })),
  stop_state: z.object({ register: z.number().int(), register_name: z.string().nullable(), condition: conditionSchema, note: z.string() }).nullable(),
}) satisfies z.ZodType<DeviceTypeCharts>;
