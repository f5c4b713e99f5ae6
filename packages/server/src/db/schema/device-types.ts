import {
  REGISTER_FORMATS,
  WORD_ORDERS,
  type DeviceKind,
  type EventCondition,
  type LocalizedText,
  type RegisterCondition,
  type RegisterFormat,
  type RegisterInput,
  type UnlockRegisters,
  type WordOrder,
} from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ckCodes, users } from './accounts.js';
import { createdAt, timestamptz, inList } from './columns.js';

/** Controller models as data: register maps, page layouts and event rules. */

/** A controller model: its register map, page layout and event rules (seeded from the domain catalog). */
export const deviceTypes = pgTable('device_types', {
  id: text('id').primaryKey(),
  /** The number routes carry (`/device-type/type-config/edit/:id` takes digits only). */
  number: integer('number').notNull().unique().generatedAlwaysAsIdentity(),
  name: jsonb('name').notNull().$type<LocalizedText>(),
  kind: text('kind').notNull().$type<DeviceKind>(),
  /** The console page the type opens with (layout template). */
  template: text('template').notNull(),
  /** Built-in types are kept in step with the domain catalog at every start; uploaded ones are not. */
  builtIn: boolean('built_in').notNull().default(false),
  remark: text('remark').notNull().default(''),
  /** The protocol version ingest decodes with now (`device_type_protocols`). */
  protocolVersion: integer('protocol_version').notNull().default(1),
  /** Whether the built-in type's default gauges and stop state were seeded (once; root edits them after). */
  chartsSeeded: boolean('charts_seeded').notNull().default(false),
  /** Where the type keeps its lock (hint code, password, lock state, service days); null: none. */
  unlock: jsonb('unlock').$type<UnlockRegisters>(),
  createdAt: createdAt(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * One register of a device type. The texts a protocol carries per language (name, enum labels)
 * are objects keyed by language; the codec fields exist once, so the languages cannot disagree
 * about how a word decodes.
 */
export const deviceTypeRegisters = pgTable(
  'device_type_registers',
  {
    deviceTypeId: text('device_type_id')
      .notNull()
      .references(() => deviceTypes.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    address: integer('address'),
    name: jsonb('name').notNull().$type<LocalizedText>(),
    unit: text('unit').notNull().default(''),
    format: text('format').notNull().$type<RegisterFormat>(),
    width: smallint('width').notNull().default(16),
    decimals: smallint('decimals').notNull().default(0),
    writable: boolean('writable').notNull().default(false),
    mask: bigint('mask', { mode: 'number' }),
    signed: boolean('signed').notNull().default(false),
    float: boolean('float').notNull().default(false),
    wordOrder: text('word_order').notNull().default('big').$type<WordOrder>(),
    scale: doublePrecision('scale'),
    min: doublePrecision('min'),
    max: doublePrecision('max'),
    enumLabels: jsonb('enum_labels').$type<Record<string, LocalizedText>>(),
    /** Start/stop and output registers: their writes are logged as "switch". */
    onOff: boolean('on_off').notNull().default(false),
    /** Position in the protocol, so lists keep the order the protocol gives. */
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.deviceTypeId, table.number] }),
    check('device_type_registers_format_check', sql`${table.format} in (${inList(REGISTER_FORMATS)})`),
    check('device_type_registers_width_check', sql`${table.width} in (16, 32)`),
    check('device_type_registers_word_order_check', sql`${table.wordOrder} in (${inList(WORD_ORDERS)})`),
  ],
);

/**
 * Page layout: rows of two parameters (SPEC.md section 3: template, row, names 1 and 2, registers 1
 * and 2), per alias: '' is the type's own layout, an alias's rows replace it for that alias.
 */
export const deviceTypeLayoutRows = pgTable(
  'device_type_layout_rows',
  {
    deviceTypeId: text('device_type_id')
      .notNull()
      .references(() => deviceTypes.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull().default(''),
    row: integer('row').notNull(),
    name1: jsonb('name1').notNull().$type<LocalizedText>(),
    register1: integer('register1').notNull(),
    name2: jsonb('name2').$type<LocalizedText>(),
    register2: integer('register2'),
  },
  (table) => [primaryKey({ columns: [table.deviceTypeId, table.alias, table.row] })],
);

export const EVENT_SEVERITIES = ['alert', 'fault'] as const;
export type EventSeverity = (typeof EVENT_SEVERITIES)[number];

/**
 * A condition on a register of a device type that opens a fault record, with further registers'
 * conditions (`also`) that must hold at the same time. `code` numbers the rule within its type and
 * is what fault records and exports show.
 */
export const eventRules = pgTable(
  'event_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deviceTypeId: text('device_type_id')
      .notNull()
      .references(() => deviceTypes.id, { onDelete: 'cascade' }),
    code: integer('code').notNull(),
    register: integer('register').notNull(),
    condition: jsonb('condition').notNull().$type<EventCondition>(),
    also: jsonb('also').notNull().default([]).$type<RegisterCondition[]>(),
    severity: text('severity').notNull().$type<EventSeverity>(),
    debounceS: doublePrecision('debounce_s').notNull().default(0),
    clearHysteresis: doublePrecision('clear_hysteresis').notNull().default(0),
    message: jsonb('message').notNull().$type<LocalizedText>(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('event_rules_device_type_code_key').on(table.deviceTypeId, table.code),
    check('event_rules_severity_check', sql`${table.severity} in (${inList(EVENT_SEVERITIES)})`),
  ],
);

/**
 * Every protocol version of a device type: the whole register list as saved (upload or edit), so a
 * version can be read back, compared or restored. `device_type_registers` holds the current one.
 */
export const deviceTypeProtocols = pgTable(
  'device_type_protocols',
  {
    deviceTypeId: text('device_type_id')
      .notNull()
      .references(() => deviceTypes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    registers: jsonb('registers').notNull().$type<RegisterInput[]>(),
    /** How the version came: 'seed', 'upload:<language>', 'edit'. */
    source: text('source').notNull(),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.deviceTypeId, table.version] })],
);

/** A company's own name for a device type (SPEC: `type-config/page/:id/:alias`); `ck` null: every company. */
export const deviceTypeAliases = pgTable(
  'device_type_aliases',
  {
    deviceTypeId: text('device_type_id')
      .notNull()
      .references(() => deviceTypes.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
    ck: varchar('ck', { length: 4 }).references(() => ckCodes.code, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.deviceTypeId, table.alias] }), index('device_type_aliases_ck_idx').on(table.ck)],
);

/** A colour band of a gauge: up to `to` (engineering units) the arc is `color` (#rrggbb). */
export interface GaugeBand {
  to: number;
  color: string;
}

/** A gauge of a device type's live page and big screen: a register on a scale with colour bands. */
export const deviceTypeGauges = pgTable(
  'device_type_gauges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deviceTypeId: text('device_type_id')
      .notNull()
      .references(() => deviceTypes.id, { onDelete: 'cascade' }),
    register: integer('register').notNull(),
    /** The title; null: the register's name. */
    title: jsonb('title').$type<LocalizedText>(),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
    bands: jsonb('bands').notNull().default([]).$type<GaugeBand[]>(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('device_type_gauges_type_idx').on(table.deviceTypeId), check('device_type_gauges_range_check', sql`${table.min} < ${table.max}`)],
);

/** A group of a device type's registers drawn stacked on the curves page. */
export const deviceTypeStackedCharts = pgTable(
  'device_type_stacked_charts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deviceTypeId: text('device_type_id')
      .notNull()
      .references(() => deviceTypes.id, { onDelete: 'cascade' }),
    name: jsonb('name').notNull().$type<LocalizedText>(),
    registers: jsonb('registers').notNull().$type<number[]>(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('device_type_stacked_charts_type_idx').on(table.deviceTypeId)],
);

/**
 * What means a machine of this type is stopped: a condition on one register (the run state on the
 * device list, the dashboard's running count, running hours). One per type.
 */
export const deviceTypeStopStates = pgTable('device_type_stop_states', {
  deviceTypeId: text('device_type_id')
    .primaryKey()
    .references(() => deviceTypes.id, { onDelete: 'cascade' }),
  register: integer('register').notNull(),
  condition: jsonb('condition').notNull().$type<EventCondition>(),
  note: text('note').notNull().default(''),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
