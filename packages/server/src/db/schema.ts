import {
  COMMAND_STATES,
  OPERATION_ACTIONS,
  REGISTER_FORMATS,
  SHARE_PERMISSIONS,
  type CommandState,
  type DeviceKind,
  type LocalizedText,
  type OperationAction,
  type RegisterFormat,
  type Role,
  type SharePermission,
  type TemplateRights,
} from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A company code: the tenant boundary. Every box and every user but root belongs to one CK. */
export const ckCodes = pgTable('ck_codes', {
  code: varchar('code', { length: 4 }).primaryKey(),
  name: text('name').notNull(),
  /** Day buckets of history and K-lines start at local midnight of this zone. */
  timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`)
      .$type<Role[]>(),
    ck: varchar('ck', { length: 4 }).references(() => ckCodes.code),
    /** Depth in the manager hierarchy: 1 = top manager of a CK, 0 = staff outside the hierarchy. */
    level: integer('level').notNull().default(0),
    parentId: integer('parent_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    isManager: boolean('is_manager').notNull().default(false),
    /** A manager that shields hides the devices it and its subordinates own from its superiors. */
    shieldDevices: boolean('shield_devices').notNull().default(false),
    /** Helpers only: what kind of helper (HELPER_TYPES of the domain). */
    helperType: text('helper_type'),
    /**
     * The user's model (permission template): caps which registers it may read and write on every
     * device it reaches through the hierarchy or a share. Null: no cap.
     */
    templateId: integer('template_id').references((): AnyPgColumn => permissionTemplates.id, { onDelete: 'set null' }),
    /** Who registered this user (add_next_manager, add_helper). */
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    showFeedback: boolean('show_feedback').notNull().default(false),
    showDelBox: boolean('show_del_box').notNull().default(false),
    remark: text('remark').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    introduction: text('introduction').notNull().default(''),
    /** The registration time the console shows. */
    createdAt: createdAt(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_username_key').on(table.username), index('users_ck_idx').on(table.ck), index('users_parent_idx').on(table.parentId)],
);

/**
 * A permission template (a "model"): named per-register read/write rights, given to sub-managers
 * and helpers. `rights` maps a device type id to its registers' rights: `{"maglev_blower": {"1":
 * "rw", "2": "r"}}`; a register that is not listed may be neither read nor written. `level` is the
 * manager level the template is meant for (0: helpers and end users).
 */
export const permissionTemplates = pgTable(
  'permission_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ck: varchar('ck', { length: 4 })
      .notNull()
      .references(() => ckCodes.code),
    name: text('name').notNull(),
    level: integer('level').notNull().default(0),
    rights: jsonb('rights').notNull().$type<TemplateRights>(),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('permission_templates_ck_name_key').on(table.ck, table.name)],
);

export const SESSION_REVOKED_REASONS = ['logout', 'password_change', 'password_reset'] as const;
export type SessionRevokedReason = (typeof SESSION_REVOKED_REASONS)[number];

/**
 * A signed-in browser or client. The token itself is never stored: only its SHA-256, so a leaked
 * table does not hand out sessions. Revoked rows are kept (until pruned) so that their token
 * answers "ended elsewhere" rather than "invalid".
 */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason').$type<SessionRevokedReason>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_id_idx').on(table.userId),
    check(
      'sessions_revoked_reason_check',
      sql`${table.revokedReason} is null or ${table.revokedReason} in (${sql.raw(SESSION_REVOKED_REASONS.map((reason) => `'${reason}'`).join(', '))})`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/* ---------------------------------------------------------------------------------------------
 * The device data plane (DESIGN.md section 4). Time series (samples, hourly and daily rollups)
 * are partitioned tables that Drizzle cannot express: they are created by the hand-written
 * migration 0002 and typed in ./timeseries.ts.
 * ------------------------------------------------------------------------------------------- */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * An IoT box. `id` is its tag_id (digits). The MQTT secret is stored as its SHA-256 only: it is 32
 * random bytes, so nobody can guess it from the hash, and a fast hash keeps the broker's check of
 * thousands of reconnecting boxes cheap (argon2 protects low-entropy passwords; it buys nothing here).
 */
export const boxes = pgTable(
  'boxes',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    ck: varchar('ck', { length: 4 })
      .notNull()
      .references(() => ckCodes.code),
    /** When the box was put into this CK (the "box CK" screen). */
    ckAssignedAt: timestamptz('ck_assigned_at').notNull().defaultNow(),
    /** The box model ("IOT model"), e.g. CB-4G; the box reports it in its hello. */
    model: text('model').notNull().default(''),
    software: text('software').notNull().default(''),
    iccid: text('iccid').notNull().default(''),
    installDate: date('install_date'),
    /** The end of the SIM's paid service: the renewal screens group boxes by it. */
    expiryDate: date('expiry_date'),
    ownerUnit: text('owner_unit').notNull().default(''),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    district: text('district').notNull().default(''),
    street: text('street').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    contact: text('contact').notNull().default(''),
    phone: text('phone').notNull().default(''),
    remark: text('remark').notNull().default(''),
    registeredAt: timestamptz('registered_at').notNull().defaultNow(),
    registeredBy: integer('registered_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The user the box is bound to (add-device), moved down the hierarchy by assignment. Null: not
     * bound yet; only CK-wide staff see it.
     */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The manager that assigned the box to its owner; null when the owner bound it. */
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the box was bound, or last assigned. */
    ownedSince: timestamptz('owned_since'),
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    secretIssuedAt: timestamptz('secret_issued_at').notNull().defaultNow(),
    /** Connection state, owned by the ingest: connect and last will, with last_seen_at as backstop. */
    online: boolean('online').notNull().default(false),
    /** Last message from the box (data, hello, ack); a disconnect or last will never moves it. */
    lastSeenAt: timestamptz('last_seen_at'),
    /** When `online` last changed. */
    statusChangedAt: timestamptz('status_changed_at'),
    /** The address the box last connected from. */
    lastIp: text('last_ip'),
  },
  (table) => [
    check('boxes_id_check', sql`${table.id} ~ '^[0-9]+$'`),
    check('boxes_latitude_check', sql`${table.latitude} between -90 and 90`),
    check('boxes_longitude_check', sql`${table.longitude} between -180 and 180`),
    index('boxes_ck_idx').on(table.ck),
    index('boxes_owner_idx').on(table.ownerId),
    index('boxes_expiry_date_idx').on(table.expiryDate),
    index('boxes_iccid_idx').on(table.iccid),
    // The last-seen backstop looks only at boxes believed online.
    index('boxes_online_last_seen_idx')
      .on(table.lastSeenAt)
      .where(sql`${table.online}`),
  ],
);

/** Box server config: which server address a box is told to use (SPEC.md section 3). */
export const boxServerConfigs = pgTable(
  'box_server_configs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    boxId: varchar('box_id', { length: 32 })
      .notNull()
      .references(() => boxes.id, { onDelete: 'cascade' }),
    ipAddress: text('ip_address').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('box_server_configs_box_id_key').on(table.boxId)],
);

/** A controller model: its register map, page layout and event rules (seeded from the domain catalog). */
/**
 * A box shared by `grantedBy` with `userId` (DESIGN.md section 5): read-only or with parameter
 * writes. The sharer may recall it. One share per box and user: sharing again updates it.
 */
export const deviceShares = pgTable(
  'device_shares',
  {
    boxId: varchar('box_id', { length: 32 })
      .notNull()
      .references(() => boxes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grantedBy: integer('granted_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull().$type<SharePermission>(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.boxId, table.userId] }),
    index('device_shares_user_idx').on(table.userId),
    index('device_shares_granted_by_idx').on(table.grantedBy, table.userId),
    check('device_shares_permission_check', sql`${table.permission} in (${inList(SHARE_PERMISSIONS)})`),
  ],
);

/**
 * Switch on/off authorisation (the /device_user_permission calls), apart from read/write: a user
 * who is not the box's owner may start and stop its machines only with a row here, granted by
 * the owner (to a superior, after an assignment) or by the sharer (to whom it shared with).
 */
export const deviceSwitchGrants = pgTable(
  'device_switch_grants',
  {
    boxId: varchar('box_id', { length: 32 })
      .notNull()
      .references(() => boxes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.boxId, table.userId] }), index('device_switch_grants_user_idx').on(table.userId)],
);

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

/**
 * A controller on a box's bus. Routes address it as (box id, station) — the API's `controller_id`
 * is the station; `id` is an internal surrogate that keeps sample and rollup rows small.
 */
export const controllers = pgTable(
  'controllers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    boxId: varchar('box_id', { length: 32 })
      .notNull()
      .references(() => boxes.id, { onDelete: 'cascade' }),
    station: smallint('station').notNull(),
    deviceTypeId: text('device_type_id')
      .notNull()
      .references(() => deviceTypes.id),
    /** The whole-machine model the controller drives. */
    machineModel: text('machine_model').notNull().default(''),
    /** The owner's number for the machine ("device number"). */
    deviceNumber: text('device_number').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('controllers_box_station_key').on(table.boxId, table.station),
    index('controllers_device_type_idx').on(table.deviceTypeId),
    check('controllers_station_check', sql`${table.station} between 0 and 255`),
  ],
);

/**
 * The last value of every register of a controller, one row per controller: one upsert per sample
 * instead of one per register. `values` maps the register number to its decoded value.
 */
export const latestValues = pgTable('latest_values', {
  controllerId: integer('controller_id')
    .primaryKey()
    .references(() => controllers.id, { onDelete: 'cascade' }),
  /** Sample time of the newest values. */
  ts: timestamptz('ts').notNull(),
  values: jsonb('values').notNull().$type<Record<string, number>>(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * One alert or fault episode of a controller. Rule, severity, code and message are copied when the
 * record opens, so editing a rule later does not rewrite history. A record is active until
 * `ended_at` is set; the partial unique index allows one active record per (controller, rule), so a
 * storm of identical messages, or two server instances, can never open a second one.
 */
export const faultRecords = pgTable(
  'fault_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    controllerId: integer('controller_id')
      .notNull()
      .references(() => controllers.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id').references(() => eventRules.id, { onDelete: 'set null' }),
    severity: text('severity').notNull().$type<EventSeverity>(),
    code: integer('code').notNull(),
    message: jsonb('message').notNull().$type<LocalizedText>(),
    register: integer('register').notNull(),
    /** The value that opened the record. */
    value: doublePrecision('value').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    endedAt: timestamptz('ended_at'),
    active: boolean('active')
      .notNull()
      .generatedAlwaysAs(sql`ended_at is null`),
  },
  (table) => [
    uniqueIndex('fault_records_one_active_key')
      .on(table.controllerId, table.ruleId)
      .where(sql`ended_at is null`),
    index('fault_records_controller_started_idx').on(table.controllerId, table.startedAt.desc()),
    index('fault_records_started_idx').on(table.startedAt.desc()),
    index('fault_records_active_idx')
      .on(table.controllerId, table.severity)
      .where(sql`ended_at is null`),
    check('fault_records_severity_check', sql`${table.severity} in (${inList(EVENT_SEVERITIES)})`),
  ],
);

/** A remote write: queued until the box is online, sent, then acked, failed or expired. */
export const commands = pgTable(
  'commands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    boxId: varchar('box_id', { length: 32 })
      .notNull()
      .references(() => boxes.id, { onDelete: 'cascade' }),
    station: smallint('station').notNull(),
    register: integer('register').notNull(),
    /** The engineering value asked for. */
    value: doublePrecision('value').notNull(),
    /** The word sent to the box (a bit field already shifted into place). */
    raw: bigint('raw', { mode: 'number' }).notNull(),
    state: text('state').notNull().default('queued').$type<CommandState>(),
    error: text('error'),
    /** The value the box read back after writing. */
    resultValue: doublePrecision('result_value'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    ackedAt: timestamptz('acked_at'),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    check('commands_state_check', sql`${table.state} in (${inList(COMMAND_STATES)})`),
    // What a reconnecting box is sent, and what expires: only unfinished commands.
    index('commands_pending_idx')
      .on(table.boxId, table.createdAt)
      .where(sql`state in ('queued', 'sent')`),
    index('commands_pending_expiry_idx')
      .on(table.expiresAt)
      .where(sql`state in ('queued', 'sent')`),
  ],
);

/**
 * The operation log (SPEC.md section 3: company, device number, station, user, time, action, new
 * value, old value, IP). Box, user name and CK are copied, so the log outlives deleted boxes and users.
 */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    ck: varchar('ck', { length: 4 }),
    /** null: a change of a user (`add_user`, `set_shield`, ...), not of a box. */
    boxId: varchar('box_id', { length: 32 }),
    station: smallint('station'),
    register: integer('register'),
    action: text('action').notNull().$type<OperationAction>(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    ip: text('ip'),
    commandId: uuid('command_id'),
    createdAt: createdAt(),
  },
  (table) => [
    check('operation_logs_action_check', sql`${table.action} in (${inList(OPERATION_ACTIONS)})`),
    index('operation_logs_created_idx').on(table.createdAt.desc()),
    index('operation_logs_ck_created_idx').on(table.ck, table.createdAt.desc()),
    index('operation_logs_box_created_idx').on(table.boxId, table.createdAt.desc()),
    index('operation_logs_user_created_idx').on(table.userId, table.createdAt.desc()),
  ],
);

export const CONNECTION_EVENTS = ['connect', 'disconnect'] as const;
export type ConnectionEvent = (typeof CONNECTION_EVENTS)[number];

/**
 * Connects and disconnects of boxes: the server log and the IP log screens (box, source IP,
 * destination IP, time). The source is the box's address as the broker sees it; the destination
 * the server address it reached. No foreign key: the log outlives deleted boxes.
 */
export const boxConnectionLogs = pgTable(
  'box_connection_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    boxId: varchar('box_id', { length: 32 }).notNull(),
    event: text('event').notNull().$type<ConnectionEvent>(),
    sourceIp: text('source_ip'),
    destinationIp: text('destination_ip'),
    /** Why a disconnect happened: clean, will (dropped without DISCONNECT), kicked, timeout. */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (table) => [
    check('box_connection_logs_event_check', sql`${table.event} in (${inList(CONNECTION_EVENTS)})`),
    index('box_connection_logs_box_created_idx').on(table.boxId, table.createdAt.desc()),
    index('box_connection_logs_created_idx').on(table.createdAt.desc()),
  ],
);

/** Boxes that tried to connect without a registration ("unregistered"), for the console to list. */
export const unregisteredBoxes = pgTable(
  'unregistered_boxes',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    attempts: integer('attempts').notNull().default(1),
    firstSeenAt: timestamptz('first_seen_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    lastIp: text('last_ip'),
  },
  (table) => [index('unregistered_boxes_last_seen_idx').on(table.lastSeenAt.desc())],
);

export type BoxRow = typeof boxes.$inferSelect;
export type ControllerRow = typeof controllers.$inferSelect;
export type CommandRow = typeof commands.$inferSelect;
export type FaultRecordRow = typeof faultRecords.$inferSelect;
export type OperationLogRow = typeof operationLogs.$inferSelect;
