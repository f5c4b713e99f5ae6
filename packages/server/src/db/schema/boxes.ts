import { SHARE_PERMISSIONS, type SharePermission } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, inList } from './columns.js';
import { ckCodes, users } from './accounts.js';
import { deviceTypes } from './device-types.js';

/** Boxes, their controllers, who they are shared with, and what the broker saw of them. */

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
    /**
     * The distributor the box was sold through (box-assign or registration): that distributor,
     * and the district distributor above it, see the box read-only (DESIGN.md section 5).
     */
    salesChannelId: integer('sales_channel_id').references(() => users.id, { onDelete: 'set null' }),
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
    index('boxes_sales_channel_idx').on(table.salesChannelId),
    index('boxes_expiry_date_idx').on(table.expiryDate),
    index('boxes_iccid_idx').on(table.iccid),
    // The last-seen backstop looks only at boxes believed online.
    index('boxes_online_last_seen_idx')
      .on(table.lastSeenAt)
      .where(sql`${table.online}`),
  ],
);

/** How far something sent to a box (its server address, its configuration file) got. */
export const DELIVERY_STATES = ['queued', 'sent', 'acked', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * Box server config: which server address a box is told to use (SPEC.md section 3), and how far
 * telling it got: queued until the box is online, sent over MQTT, acknowledged or failed.
 */
export const boxServerConfigs = pgTable(
  'box_server_configs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    boxId: varchar('box_id', { length: 32 })
      .notNull()
      .references(() => boxes.id, { onDelete: 'cascade' }),
    ipAddress: text('ip_address').notNull(),
    state: text('state').notNull().default('queued').$type<DeliveryState>(),
    /** The id the box acknowledges the delivery with (`up/ack` cmdId). */
    deliveryId: uuid('delivery_id').notNull().defaultRandom(),
    sentAt: timestamptz('sent_at'),
    ackedAt: timestamptz('acked_at'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('box_server_configs_box_id_key').on(table.boxId),
    uniqueIndex('box_server_configs_delivery_id_key').on(table.deliveryId),
    check('box_server_configs_state_check', sql`${table.state} in (${inList(DELIVERY_STATES)})`),
  ],
);

/** Moves of boxes between companies (the box-CK screen). No foreign key: the history outlives the box. */
export const boxCkMoves = pgTable(
  'box_ck_moves',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    boxId: varchar('box_id', { length: 32 }).notNull(),
    fromCk: varchar('from_ck', { length: 4 }).notNull(),
    toCk: varchar('to_ck', { length: 4 }).notNull(),
    movedBy: integer('moved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('box_ck_moves_box_idx').on(table.boxId, table.createdAt.desc()), index('box_ck_moves_created_idx').on(table.createdAt.desc())],
);

/**
 * A box's data usage (the box-dws screen and the device display's "device flow"): the bytes of
 * MQTT payload it sent and received per local day, counted at ingest.
 */
export const boxDataUsage = pgTable(
  'box_data_usage',
  {
    boxId: varchar('box_id', { length: 32 })
      .notNull()
      .references(() => boxes.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    bytesUp: bigint('bytes_up', { mode: 'number' }).notNull().default(0),
    bytesDown: bigint('bytes_down', { mode: 'number' }).notNull().default(0),
    messages: integer('messages').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.boxId, table.day] }), index('box_data_usage_day_idx').on(table.day)],
);

/** A box model ("IOT model", e.g. CB-4G): what its configuration files are kept for. */
export const boxModels = pgTable(
  'box_models',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('box_models_name_key').on(table.name)],
);

/** Which controller types a box (IoT) model carries, and the station each sits at by default. */
export const boxModelDeviceTypes = pgTable(
  'box_model_device_types',
  {
    boxModelId: integer('box_model_id')
      .notNull()
      .references(() => boxModels.id, { onDelete: 'cascade' }),
    deviceTypeId: text('device_type_id')
      .notNull()
      .references(() => deviceTypes.id, { onDelete: 'cascade' }),
    defaultStation: smallint('default_station').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.boxModelId, table.deviceTypeId] }),
    check('box_model_device_types_station_check', sql`${table.defaultStation} between 0 and 255`),
  ],
);

/**
 * A box model's configuration file in one language (what its boxes poll from their controllers),
 * versioned: an upload adds the next version, the newest is the one sent.
 */
export const boxModelConfigs = pgTable(
  'box_model_configs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    modelId: integer('model_id')
      .notNull()
      .references(() => boxModels.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 8 }).notNull(),
    version: integer('version').notNull(),
    fileName: text('file_name').notNull(),
    content: text('content').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('box_model_configs_version_key').on(table.modelId, table.language, table.version)],
);

/** A configuration file sent to one box, and how far it got. */
export const boxConfigDeliveries = pgTable(
  'box_config_deliveries',
  {
    boxId: varchar('box_id', { length: 32 })
      .notNull()
      .references(() => boxes.id, { onDelete: 'cascade' }),
    configId: integer('config_id')
      .notNull()
      .references(() => boxModelConfigs.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('queued').$type<DeliveryState>(),
    deliveryId: uuid('delivery_id').notNull().defaultRandom(),
    sentAt: timestamptz('sent_at'),
    ackedAt: timestamptz('acked_at'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.boxId, table.configId] }),
    uniqueIndex('box_config_deliveries_delivery_id_key').on(table.deliveryId),
    check('box_config_deliveries_state_check', sql`${table.state} in (${inList(DELIVERY_STATES)})`),
  ],
);

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
 * the owner (to a superior, after an assignment), by the sharer (to whom it shared with), or by
 * the box's top owner to one of its company's service staff (afterSales, afterSalesPlus,
 * qualityController; DESIGN.md section 5).
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
