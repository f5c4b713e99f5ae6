import { z } from 'zod';
import type { LocalizedText } from './devices/register.js';
import { REGISTER_FORMATS, type RegisterFormat } from './devices/register.js';
import { pageQuerySchema, queryTimeSchema, type Page } from './operations.js';

/**
 * The device query API (DESIGN.md section 6, device area): list, status counts, detail, realtime,
 * history, K-line and fault records. Query schemas put MessageKeys in their issues, so the server
 * answers bad parameters in the caller's language; response schemas document the answers.
 */

/**
 * The status filters of the device list (SPEC.md section 4). Two axes: the connection (online,
 * offline) and the worst active fault record of the controller (normal: none, alert: alerts only,
 * fault: at least one fault); a combination names one value of each. `unregistered` lists the
 * boxes that connect without a registration.
 */
export const DEVICE_STATUSES = [
  'online',
  'offline',
  'normal',
  'alert',
  'fault',
  'unregistered',
  'online_alert',
  'offline_alert',
  'online_fault',
  'offline_fault',
] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/**
 * Where one device stands: its cell of the two axes. `online` and `offline` alone mean normal;
 * every state is also a status filter that matches it.
 */
export const DEVICE_STATES = ['online', 'offline', 'online_alert', 'offline_alert', 'online_fault', 'offline_fault', 'unregistered'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

export function deviceState(device: { online: boolean; alert: boolean; fault: boolean }): DeviceState {
  const connection = device.online ? 'online' : 'offline';
  if (device.fault) return `${connection}_fault`;
  return device.alert ? `${connection}_alert` : connection;
}

/** Whether a device in `state` is listed under the status filter (the console updates live lists with it). */
export function deviceMatchesStatus(state: DeviceState, status: DeviceStatus): boolean {
  if (state === 'unregistered' || status === 'unregistered') return state === status;
  const [connection, severity = 'normal'] = state.split('_') as [string, string?];
  switch (status) {
    case 'online':
    case 'offline':
      return connection === status;
    case 'normal':
    case 'alert':
    case 'fault':
      return severity === status;
    default:
      return state === status;
  }
}

/** Boxes by the month their SIM service expires, in the CK's time zone (the renewal screens' groups). */
export const EXPIRY_GROUPS = ['last_month', 'this_month', 'next_month'] as const;
export type ExpiryGroup = (typeof EXPIRY_GROUPS)[number];

/** The fields the device list sorts by; ties are broken by box id and station. */
export const DEVICE_SORT_FIELDS = [
  'box_id',
  'controller_id',
  'ck',
  'status',
  'owner_unit',
  'model',
  'device_type',
  'machine_model',
  'iot_model',
  'iccid',
  'install_date',
  'expiry_date',
  'last_seen_at',
] as const;
export type DeviceSortField = (typeof DEVICE_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;

export const FAULT_SEVERITIES = ['alert', 'fault'] as const;
export type FaultSeverity = (typeof FAULT_SEVERITIES)[number];

export const KLINE_INTERVALS = ['hour', 'day'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

/** Bounds of the downsampled history: points per register. */
export const HISTORY_POINTS = { min: 10, max: 10_000 } as const;
/** The most candles one K-line request answers. */
export const KLINE_MAX_CANDLES = 10_000;

/* ------------------------------------------------------------------------------------------ */
/* Requests                                                                                   */
/* ------------------------------------------------------------------------------------------ */

/** An empty query parameter (`?status=`, as forms send) means the filter is not set. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const choice = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: 'fieldInvalid' });
const digits = (key: 'boxIdFormat' | 'stationRange' | 'positiveInteger', max: number) =>
  z.string().regex(new RegExp(`^\\d{1,${max}}$`), key);

/** The `:controllerId` of the routes: the controller's station number, digits only (SPEC.md section 5). */
export const controllerIdParamSchema = digits('stationRange', 3).transform(Number).pipe(z.number().max(255, 'stationRange'));

const keyword = z.string().trim().max(100, 'textTooLong');
const ckCode = z.string().regex(/^\d{4}$/, 'ckCodeFormat');

export const deviceFilterSchema = z.object({
  status: optional(choice(DEVICE_STATUSES)),
  /** Box id, owner unit, remark, ICCID, IOT model, machine model, device number, device type, contact, phone, city, district. */
  keyword: optional(keyword),
  ck: optional(ckCode),
  /** A device type id or a whole-machine model. */
  model: optional(z.string().trim().max(100, 'textTooLong')),
  expiry: optional(choice(EXPIRY_GROUPS)),
});
export type DeviceFilter = z.output<typeof deviceFilterSchema>;

export const deviceListQuerySchema = pageQuerySchema.extend({
  ...deviceFilterSchema.shape,
  sort: z.preprocess((value) => (value === '' ? undefined : value), choice(DEVICE_SORT_FIELDS).default('box_id')),
  order: z.preprocess((value) => (value === '' ? undefined : value), choice(SORT_ORDERS).default('asc')),
});
export type DeviceListQuery = z.output<typeof deviceListQuerySchema>;

/** The export answers every matching row: the list's filters and sort without paging. */
export const deviceExportQuerySchema = deviceListQuerySchema.omit({ page: true, page_size: true });
export type DeviceExportQuery = z.output<typeof deviceExportQuerySchema>;

const timeRange = {
  from: optional(queryTimeSchema),
  to: optional(queryTimeSchema),
};

/** Register numbers separated by commas. */
const registerList = z
  .string()
  .trim()
  .regex(/^\d{1,5}(,\d{1,5})*$/, 'registerListFormat')
  .transform((value) => [...new Set(value.split(',').map(Number))]);

export const historyQuerySchema = pageQuerySchema.extend({
  ...timeRange,
  registers: optional(registerList),
  /** A point budget per register: the range is downsampled instead of paged. */
  points: optional(
    z
      .string()
      .regex(/^\d{1,6}$/, 'pointsRange')
      .transform(Number)
      .pipe(z.number().min(HISTORY_POINTS.min, 'pointsRange').max(HISTORY_POINTS.max, 'pointsRange')),
  ),
});
export type HistoryQuery = z.output<typeof historyQuerySchema>;

export const klineQuerySchema = z.object({
  register: z
    .string({ error: (issue) => (issue.input == null ? 'fieldRequired' : 'fieldInvalid') })
    .regex(/^\d{1,5}$/, 'fieldInvalid')
    .transform(Number),
  interval: choice(KLINE_INTERVALS).default('day'),
  ...timeRange,
});
export type KlineQuery = z.output<typeof klineQuerySchema>;

const booleanText = z
  .enum(['true', 'false', '1', '0'], { error: 'booleanFormat' })
  .transform((value) => value === 'true' || value === '1');

export const faultQuerySchema = pageQuerySchema.extend({
  ...timeRange,
  severity: optional(choice(FAULT_SEVERITIES)),
  active: optional(booleanText),
});
export type FaultQuery = z.output<typeof faultQuerySchema>;

/** Fault records across every device the caller may see. */
export const faultSearchQuerySchema = faultQuerySchema.extend({
  ck: optional(ckCode),
  box_id: optional(digits('boxIdFormat', 32)),
  /** Box id, owner unit, device number or the message (in the caller's language). */
  keyword: optional(keyword),
});
export type FaultSearchQuery = z.output<typeof faultSearchQuerySchema>;

export const faultExportQuerySchema = faultSearchQuerySchema.omit({ page: true, page_size: true });
export type FaultExportQuery = z.output<typeof faultExportQuerySchema>;

/* ------------------------------------------------------------------------------------------ */
/* Answers                                                                                    */
/* ------------------------------------------------------------------------------------------ */

export interface DeviceLocation {
  province: string;
  city: string;
  district: string;
  street: string;
  latitude: number | null;
  longitude: number | null;
}

/** One row of the device list: a controller of a box with the box's facts (an unregistered box has only its id). */
export interface DeviceItem {
  box_id: string;
  /** The station; null for an unregistered box. */
  controller_id: number | null;
  station: number | null;
  ck: string | null;
  /** The controller model: the device type's name in the caller's language. */
  model: string;
  device_type: string | null;
  /** The whole-machine model. */
  machine_model: string;
  device_number: string;
  status: DeviceState;
  online: boolean;
  /** An alert record of the controller is active. */
  alert: boolean;
  /** A fault record of the controller is active. */
  fault: boolean;
  owner_unit: string;
  remark: string;
  /** The box model. */
  iot_model: string;
  software: string;
  iccid: string;
  install_date: string | null;
  expiry_date: string | null;
  last_seen_at: string | null;
  last_ip: string | null;
  contact: string;
  phone: string;
  location: DeviceLocation;
}

export type DeviceStatusCounts = Record<DeviceStatus, number> & { total: number };

export interface DeviceControllerView {
  controller_id: number;
  station: number;
  device_type: string;
  model: string;
  machine_model: string;
  device_number: string;
  status: DeviceState;
  alert: boolean;
  fault: boolean;
  /** Time of the newest values (epoch ms); null before the first sample. */
  values_at: number | null;
}

export interface ConnectionLogEntry {
  event: 'connect' | 'disconnect';
  source_ip: string | null;
  destination_ip: string | null;
  reason: string | null;
  at: string;
}

export interface DeviceDetail {
  box_id: string;
  ck: string;
  ck_name: string;
  /** The CK's IANA time zone: where its days (K-line candles, daily curves) start. */
  time_zone: string;
  iot_model: string;
  software: string;
  iccid: string;
  install_date: string | null;
  expiry_date: string | null;
  owner_unit: string;
  contact: string;
  phone: string;
  remark: string;
  registered_at: string;
  online: boolean;
  last_seen_at: string | null;
  status_changed_at: string | null;
  last_ip: string | null;
  server_ip: string | null;
  location: DeviceLocation;
  controllers: DeviceControllerView[];
  /** The newest connects and disconnects, newest first. */
  connections: ConnectionLogEntry[];
}

export interface RealtimeRegister {
  number: number;
  name: string;
  unit: string;
  value: number | null;
  /** The value as the console shows it (decimals, enum label, bits, text); null without a value. */
  display: string | null;
  writable: boolean;
  format: RegisterFormat;
  decimals: number;
  /** The values the register can take (its declared limits within what its word holds). */
  min: number;
  max: number;
  /** An enum register's values and labels. */
  choices: { value: number; label: string }[] | null;
}

export interface LayoutRowView {
  row: number;
  name1: string;
  register1: number;
  name2: string | null;
  register2: number | null;
}

export interface DeviceRealtime {
  box_id: string;
  controller_id: number;
  status: DeviceState;
  /** Sample time of the newest values (epoch ms); null before the first sample. */
  ts: number | null;
  registers: RealtimeRegister[];
  layout: LayoutRowView[];
}

export interface HistoryPoint {
  /** Epoch ms. */
  ts: number;
  values: Record<string, number>;
}

/**
 * History: raw samples (`samples`), or hourly rollups (`hourly`: the hour's average when paged;
 * first, min, max and last of each bucket when downsampled) for ranges past the raw retention or
 * long ranges with a point budget.
 */
export interface DeviceHistory extends Page<HistoryPoint> {
  source: 'samples' | 'hourly';
  /** The width of a downsampling bucket in ms; null when paged. */
  bucket_ms: number | null;
}

export interface KlineCandle {
  /** Bucket start, epoch ms: the hour, or local midnight of the CK's time zone. */
  t: number;
  open: number;
  high: number;
  low: number;
  close: number;
  min: number;
  max: number;
  avg: number;
  count: number;
}

export interface FaultRecordView {
  id: number;
  box_id: string;
  controller_id: number;
  ck: string;
  owner_unit: string;
  device_type: string;
  model: string;
  device_number: string;
  severity: FaultSeverity;
  code: number;
  message: string;
  register: number;
  register_name: string | null;
  /** The value that opened the record. */
  value: number;
  started_at: string;
  ended_at: string | null;
  active: boolean;
}

/** A device type by its id and its name in the caller's language. */
export interface DeviceTypeSummary {
  id: string;
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
  condition: { type: 'threshold'; op: '>' | '<' | '>=' | '<='; value: number } | { type: 'bit'; bit: number };
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

/** The `:deviceTypeId` of the routes: a catalog or uploaded type id. */
export const deviceTypeIdParamSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'fieldInvalid');

const isoTime = z.string().describe('ISO 8601 with offset');
const epochMs = z.number().describe('epoch milliseconds');
const locationSchema = z.object({
  province: z.string(),
  city: z.string(),
  district: z.string(),
  street: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
}) satisfies z.ZodType<DeviceLocation>;
const stateSchema = z.enum(DEVICE_STATES);

export const deviceItemSchema = z.object({
  box_id: z.string(),
  controller_id: z.number().int().nullable(),
  station: z.number().int().nullable(),
  ck: z.string().nullable(),
  model: z.string(),
  device_type: z.string().nullable(),
  machine_model: z.string(),
  device_number: z.string(),
  status: stateSchema,
  online: z.boolean(),
  alert: z.boolean(),
  fault: z.boolean(),
  owner_unit: z.string(),
  remark: z.string(),
  iot_model: z.string(),
  software: z.string(),
  iccid: z.string(),
  install_date: z.string().nullable(),
  expiry_date: z.string().nullable(),
  last_seen_at: isoTime.nullable(),
  last_ip: z.string().nullable(),
  contact: z.string(),
  phone: z.string(),
  location: locationSchema,
}) satisfies z.ZodType<DeviceItem>;

export const devicePageSchema = z.object({ total: z.number().int(), items: z.array(deviceItemSchema) });

export const deviceStatusCountsSchema = z.object({
  total: z.number().int(),
  ...(Object.fromEntries(DEVICE_STATUSES.map((status) => [status, z.number().int()])) as Record<DeviceStatus, z.ZodNumber>),
}) satisfies z.ZodType<DeviceStatusCounts>;

export const deviceDetailSchema = z.object({
  box_id: z.string(),
  ck: z.string(),
  ck_name: z.string(),
  time_zone: z.string().describe('IANA time zone of the CK'),
  iot_model: z.string(),
  software: z.string(),
  iccid: z.string(),
  install_date: z.string().nullable(),
  expiry_date: z.string().nullable(),
  owner_unit: z.string(),
  contact: z.string(),
  phone: z.string(),
  remark: z.string(),
  registered_at: isoTime,
  online: z.boolean(),
  last_seen_at: isoTime.nullable(),
  status_changed_at: isoTime.nullable(),
  last_ip: z.string().nullable(),
  server_ip: z.string().nullable(),
  location: locationSchema,
  controllers: z.array(
    z.object({
      controller_id: z.number().int(),
      station: z.number().int(),
      device_type: z.string(),
      model: z.string(),
      machine_model: z.string(),
      device_number: z.string(),
      status: stateSchema,
      alert: z.boolean(),
      fault: z.boolean(),
      values_at: epochMs.nullable(),
    }),
  ),
  connections: z.array(
    z.object({
      event: z.enum(['connect', 'disconnect']),
      source_ip: z.string().nullable(),
      destination_ip: z.string().nullable(),
      reason: z.string().nullable(),
      at: isoTime,
    }),
  ),
}) satisfies z.ZodType<DeviceDetail>;

export const deviceRealtimeSchema = z.object({
  box_id: z.string(),
  controller_id: z.number().int(),
  status: stateSchema,
  ts: epochMs.nullable(),
  registers: z.array(
    z.object({
      number: z.number().int(),
      name: z.string(),
      unit: z.string(),
      value: z.number().nullable(),
      display: z.string().nullable(),
      writable: z.boolean(),
      format: z.enum(REGISTER_FORMATS),
      decimals: z.number().int(),
      min: z.number(),
      max: z.number(),
      choices: z.array(z.object({ value: z.number(), label: z.string() })).nullable(),
    }),
  ),
  layout: z.array(
    z.object({ row: z.number().int(), name1: z.string(), register1: z.number().int(), name2: z.string().nullable(), register2: z.number().int().nullable() }),
  ),
}) satisfies z.ZodType<DeviceRealtime>;

export const deviceHistorySchema = z.object({
  total: z.number().int(),
  items: z.array(z.object({ ts: epochMs, values: z.record(z.string(), z.number()) })),
  source: z.enum(['samples', 'hourly']),
  bucket_ms: z.number().nullable(),
}) satisfies z.ZodType<DeviceHistory>;

export const klineSchema = z.array(
  z.object({
    t: epochMs,
    open: z.number(),
    high: z.number(),
    low: z.number(),
    close: z.number(),
    min: z.number(),
    max: z.number(),
    avg: z.number(),
    count: z.number().int(),
  }),
) satisfies z.ZodType<KlineCandle[]>;

export const faultRecordSchema = z.object({
  id: z.number().int(),
  box_id: z.string(),
  controller_id: z.number().int(),
  ck: z.string(),
  owner_unit: z.string(),
  device_type: z.string(),
  model: z.string(),
  device_number: z.string(),
  severity: z.enum(FAULT_SEVERITIES),
  code: z.number().int(),
  message: z.string(),
  register: z.number().int(),
  register_name: z.string().nullable(),
  value: z.number(),
  started_at: isoTime,
  ended_at: isoTime.nullable(),
  active: z.boolean(),
}) satisfies z.ZodType<FaultRecordView>;

export const faultPageSchema = z.object({ total: z.number().int(), items: z.array(faultRecordSchema) });

const deviceTypeSummarySchema = z.object({ id: z.string(), name: z.string() }) satisfies z.ZodType<DeviceTypeSummary>;
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
      condition: z.discriminatedUnion('type', [
        z.object({ type: z.literal('threshold'), op: z.enum(['>', '<', '>=', '<=']), value: z.number() }),
        z.object({ type: z.literal('bit'), bit: z.number().int() }),
      ]),
      severity: z.enum(FAULT_SEVERITIES),
      debounce_s: z.number(),
      clear_hysteresis: z.number(),
      message: z.string(),
      enabled: z.boolean(),
    }),
  ),
}) satisfies z.ZodType<DeviceTypeEventRules>;

/* ------------------------------------------------------------------------------------------ */
/* Labels (spreadsheet headers, status and severity names) in every language                  */
/* ------------------------------------------------------------------------------------------ */

const label = (zh: string, en: string, es: string, ja: string): LocalizedText => ({ zh, en, es, ja });

export const DEVICE_STATE_LABELS: Record<DeviceState, LocalizedText> = {
  online: label('在线', 'Online', 'En línea', 'オンライン'),
  offline: label('离线', 'Offline', 'Fuera de línea', 'オフライン'),
  online_alert: label('在线告警', 'Online, alert', 'En línea, alerta', 'オンライン・警告'),
  offline_alert: label('离线告警', 'Offline, alert', 'Fuera de línea, alerta', 'オフライン・警告'),
  online_fault: label('在线故障', 'Online, fault', 'En línea, avería', 'オンライン・故障'),
  offline_fault: label('离线故障', 'Offline, fault', 'Fuera de línea, avería', 'オフライン・故障'),
  unregistered: label('未注册', 'Unregistered', 'No registrado', '未登録'),
};

export const FAULT_SEVERITY_LABELS: Record<FaultSeverity, LocalizedText> = {
  alert: label('告警', 'Alert', 'Alerta', '警告'),
  fault: label('故障', 'Fault', 'Avería', '故障'),
};

export const FAULT_STATE_LABELS: Record<'active' | 'ended', LocalizedText> = {
  active: label('未恢复', 'Active', 'Activa', '発生中'),
  ended: label('已恢复', 'Ended', 'Finalizada', '復旧済み'),
};

/** Column headers of the device list and its export. */
export const DEVICE_FIELD_LABELS = {
  box_id: label('盒子ID', 'Box ID', 'ID de caja', 'ボックスID'),
  controller_id: label('站号', 'Station', 'Estación', '局番'),
  ck: label('CK码', 'CK code', 'Código CK', 'CKコード'),
  owner_unit: label('所属单位', 'Owner unit', 'Unidad propietaria', '所属組織'),
  status: label('状态', 'Status', 'Estado', '状態'),
  model: label('控制器型号', 'Controller model', 'Modelo de controlador', 'コントローラー型式'),
  machine_model: label('整机型号', 'Machine model', 'Modelo de máquina', '機械型式'),
  device_number: label('设备编号', 'Device number', 'Número de equipo', '機器番号'),
  iot_model: label('IOT型号', 'IOT model', 'Modelo IOT', 'IOT型式'),
  software: label('软件版本', 'Software', 'Software', 'ソフトウェア'),
  iccid: label('物联网卡号', 'SIM (ICCID)', 'SIM (ICCID)', 'SIM (ICCID)'),
  install_date: label('安装日期', 'Install date', 'Fecha de instalación', '設置日'),
  expiry_date: label('到期日期', 'Expiry date', 'Fecha de vencimiento', '有効期限'),
  last_seen_at: label('最后通信时间', 'Last seen', 'Última comunicación', '最終通信'),
  province: label('省', 'Province', 'Provincia', '省'),
  city: label('市', 'City', 'Ciudad', '市'),
  district: label('区', 'District', 'Distrito', '区'),
  street: label('街道', 'Street', 'Calle', '番地'),
  contact: label('联系人', 'Contact', 'Contacto', '担当者'),
  phone: label('联系电话', 'Phone', 'Teléfono', '電話番号'),
  remark: label('备注', 'Remark', 'Observaciones', '備考'),
} satisfies Record<string, LocalizedText>;

/** Column headers of the fault records and their export. */
export const FAULT_FIELD_LABELS = {
  box_id: DEVICE_FIELD_LABELS.box_id,
  controller_id: DEVICE_FIELD_LABELS.controller_id,
  ck: DEVICE_FIELD_LABELS.ck,
  owner_unit: DEVICE_FIELD_LABELS.owner_unit,
  model: DEVICE_FIELD_LABELS.model,
  device_number: DEVICE_FIELD_LABELS.device_number,
  severity: label('类型', 'Type', 'Tipo', '種別'),
  code: label('代码', 'Code', 'Código', 'コード'),
  message: label('故障信息', 'Message', 'Mensaje', 'メッセージ'),
  register: label('寄存器', 'Register', 'Registro', 'レジスタ'),
  register_name: label('参数名称', 'Parameter', 'Parámetro', 'パラメータ名'),
  value: label('触发值', 'Value', 'Valor', '発生時の値'),
  started_at: label('开始时间', 'Started', 'Inicio', '発生時刻'),
  ended_at: label('恢复时间', 'Ended', 'Fin', '復旧時刻'),
  active: label('状态', 'State', 'Estado', '状態'),
} satisfies Record<string, LocalizedText>;

/** Sheet names (and file name stems) of the exports. */
export const EXPORT_NAMES = {
  devices: label('设备列表', 'Devices', 'Dispositivos', '機器一覧'),
  faults: label('故障记录', 'Fault records', 'Registros de averías', '故障記録'),
} satisfies Record<string, LocalizedText>;
