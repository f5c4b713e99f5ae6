import { REGISTER_FORMATS, type DeviceKind, type LocalizedText, type RegisterFormat } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, inList } from './columns.js';

/** Controller models as data: register maps, page layouts and event rules. */

/** A controller model: its register map, page layout and event rules (seeded from the domain catalog). */
export const deviceTypes = pgTable('device_types', {
  id: text('id').primaryKey(),
  name: jsonb('name').notNull().$type<LocalizedText>(),
  kind: text('kind').notNull().$type<DeviceKind>(),
  /** The console page the type opens with (layout template). */
  template: text('template').notNull(),
  /** Built-in types are kept in step with the domain catalog at every start; uploaded ones are not. */
  builtIn: boolean('built_in').notNull().default(false),
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
  ],
);

/** Page layout: rows of two parameters (SPEC.md section 3: template, row, names 1 and 2, registers 1 and 2). */
export const deviceTypeLayoutRows = pgTable(
  'device_type_layout_rows',
  {
    deviceTypeId: text('device_type_id')
      .notNull()
      .references(() => deviceTypes.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    name1: jsonb('name1').notNull().$type<LocalizedText>(),
    register1: integer('register1').notNull(),
    name2: jsonb('name2').$type<LocalizedText>(),
    register2: integer('register2'),
  },
  (table) => [primaryKey({ columns: [table.deviceTypeId, table.row] })],
);

export const EVENT_SEVERITIES = ['alert', 'fault'] as const;
export type EventSeverity = (typeof EVENT_SEVERITIES)[number];
export const THRESHOLD_OPS = ['>', '<', '>=', '<='] as const;

/**
 * A condition on a register of a device type that opens a fault record. `code` numbers the rule
 * within its type and is what fault records and exports show.
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
    conditionType: text('condition_type').notNull().$type<'threshold' | 'bit'>(),
    op: text('op').$type<(typeof THRESHOLD_OPS)[number]>(),
    threshold: doublePrecision('threshold'),
    bit: smallint('bit'),
    severity: text('severity').notNull().$type<EventSeverity>(),
    debounceS: doublePrecision('debounce_s').notNull().default(0),
    clearHysteresis: doublePrecision('clear_hysteresis').notNull().default(0),
    message: jsonb('message').notNull().$type<LocalizedText>(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('event_rules_device_type_code_key').on(table.deviceTypeId, table.code),
    check('event_rules_severity_check', sql`${table.severity} in (${inList(EVENT_SEVERITIES)})`),
    check(
      'event_rules_condition_check',
      sql`(${table.conditionType} = 'threshold' and ${table.op} in (${inList(THRESHOLD_OPS)}) and ${table.threshold} is not null and ${table.bit} is null)
        or (${table.conditionType} = 'bit' and ${table.bit} between 0 and 31 and ${table.op} is null and ${table.threshold} is null)`,
    ),
  ],
);
