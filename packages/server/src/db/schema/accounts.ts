import { type Role, type TemplateRights } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Companies (CK codes), accounts, their models (permission templates) and sessions. */

/** A company code: the tenant boundary. Every box and every user but root belongs to one CK. */
export const ckCodes = pgTable('ck_codes', {
  code: varchar('code', { length: 4 }).primaryKey(),
  name: text('name').notNull(),
  contact: text('contact').notNull().default(''),
  phone: text('phone').notNull().default(''),
  /** A disabled company's accounts cannot sign in; its boxes keep reporting. */
  enabled: boolean('enabled').notNull().default(true),
  /** The box software version this company's boxes should run (the box-software screen). */
  targetSoftware: text('target_software').notNull().default(''),
  /** Day buckets of history and K-lines start at local midnight of this zone. */
  timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
  createdAt: createdAt(),
});

/** The device types (controller models) a company uses: what its forms and templates offer. */
export const ckDeviceTypes = pgTable(
  'ck_device_types',
  {
    ck: varchar('ck', { length: 4 })
      .notNull()
      .references(() => ckCodes.code, { onDelete: 'cascade' }),
    deviceTypeId: text('device_type_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.ck, table.deviceTypeId] })],
);

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
    /** Helpers only (SPEC.md section 3): a message for the helper, when it was set, and until when its devices serve it. */
    helperMessage: text('helper_message').notNull().default(''),
    helperMessageAt: timestamp('helper_message_at', { withTimezone: true }),
    deviceExpiryDate: date('device_expiry_date'),
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
    /** A disabled account cannot sign in; its sessions ended when it was disabled. */
    enabled: boolean('enabled').notNull().default(true),
    /** Set by a password reset: the next sign-in must choose a new password first. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
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

export const SESSION_REVOKED_REASONS = ['logout', 'password_change', 'password_reset', 'account_disabled'] as const;
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

export type CkCodeRow = typeof ckCodes.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
