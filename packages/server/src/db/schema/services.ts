import { RESET_CONDITIONS, SCAN_MODES, UNLOCK_MODES, type LocalizedText, type ResetCondition, type ScanMode, type UnlockMode } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, inList, timestamptz } from './columns.js';
import { ckCodes, users } from './accounts.js';

/** The services a company sells: SIM renewal (/iccid), dynamic passwords and QR binding (/qrManage). */

/** A company's renewal tip (SPEC.md section 3): the text in the four languages and the phone to call. */
export const rechargeTips = pgTable('recharge_tips', {
  ck: varchar('ck', { length: 4 })
    .primaryKey()
    .references(() => ckCodes.code, { onDelete: 'cascade' }),
  /** The tip per language; a language left empty falls back to zh, then to the console's default text. */
  tips: jsonb('tips').notNull().$type<Partial<LocalizedText>>(),
  phone: text('phone').notNull().default(''),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * A user's request to renew the SIM of some boxes. Handled once, with the new expiry date that is
 * then written to the boxes (`boxes.expiry_date`); deleted by showFeedback or root.
 */
export const rechargeRequests = pgTable(
  'recharge_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The requester's company at the time (the feedback list of a showFeedback user is its company's). */
    ck: varchar('ck', { length: 4 }).references(() => ckCodes.code, { onDelete: 'cascade' }),
    boxIds: varchar('box_ids', { length: 32 }).array().notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    handledAt: timestamptz('handled_at'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    newExpiryDate: date('new_expiry_date'),
  },
  (table) => [
    index('recharge_requests_created_idx').on(table.createdAt.desc()),
    index('recharge_requests_open_idx')
      .on(table.ck)
      .where(sql`${table.handledAt} is null`),
    check('recharge_requests_boxes_check', sql`cardinality(${table.boxIds}) between 1 and 1000`),
    check('recharge_requests_handled_check', sql`(${table.handledAt} is null) = (${table.newExpiryDate} is null)`),
  ],
);

/**
 * The secret a company's controllers are provisioned from (32 random bytes, hex). A box's unlock key
 * is derived from it (ARCHITECTURE-services.md); created on first use, so a company never lacks one.
 */
export const unlockSecrets = pgTable('unlock_secrets', {
  ck: varchar('ck', { length: 4 })
    .primaryKey()
    .references(() => ckCodes.code, { onDelete: 'cascade' }),
  secret: varchar('secret', { length: 64 }).notNull(),
  createdAt: createdAt(),
});

/**
 * A user's remaining dynamic-password calculations, given down the chain (manufacturer, district
 * and regional distributors). Manufacturers, limited_admin and root have no row: unlimited.
 */
export const pwdQuotas = pgTable(
  'pwd_quotas',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    remaining: integer('remaining').notNull().default(0),
    /** Whether the end users of the boxes this distributor sold may calculate, drawing on its count. */
    endUsersMayCalculate: boolean('end_users_may_calculate').notNull().default(false),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [check('pwd_quotas_remaining_check', sql`${table.remaining} >= 0`)],
);

/** One dynamic-password calculation: who, for which controller and hint code, which mode; the count it used. */
export const pwdCalculations = pgTable(
  'pwd_calculations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    ck: varchar('ck', { length: 4 }).references(() => ckCodes.code, { onDelete: 'cascade' }),
    boxId: varchar('box_id', { length: 32 }).notNull(),
    station: smallint('station').notNull(),
    hintCode: varchar('hint_code', { length: 6 }).notNull(),
    mode: text('mode').notNull().$type<UnlockMode>(),
    resetCondition: text('reset_condition').notNull().$type<ResetCondition>(),
    note: text('note').notNull().default(''),
    /** Whose count the calculation used (the caller, or the distributor of an end user); null: unlimited. */
    chargedUserId: integer('charged_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The charged count after this calculation; null: unlimited. */
    remainingAfter: integer('remaining_after'),
  },
  (table) => [
    index('pwd_calculations_created_idx').on(table.createdAt.desc()),
    index('pwd_calculations_ck_idx').on(table.ck),
    index('pwd_calculations_user_idx').on(table.userId),
    check('pwd_calculations_mode_check', sql`${table.mode} in (${inList(UNLOCK_MODES)})`),
    check('pwd_calculations_reset_check', sql`${table.resetCondition} in (${inList(RESET_CONDITIONS)})`),
    check('pwd_calculations_hint_check', sql`${table.hintCode} ~ '^[0-9]{6}$'`),
  ],
);

/**
 * A box bound by its QR code (add-device): who bound which box, how the code was read, and whether
 * the binding still holds (`flag`: false once the box was unbound or moved to another owner).
 */
export const qrBindings = pgTable(
  'qr_bindings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    ck: varchar('ck', { length: 4 }).references(() => ckCodes.code, { onDelete: 'cascade' }),
    boxId: varchar('box_id', { length: 32 }).notNull(),
    scanMode: text('scan_mode').notNull().$type<ScanMode>(),
    flag: boolean('flag').notNull().default(true),
  },
  (table) => [
    index('qr_bindings_created_idx').on(table.createdAt.desc()),
    index('qr_bindings_box_idx').on(table.boxId),
    check('qr_bindings_scan_mode_check', sql`${table.scanMode} in (${inList(SCAN_MODES)})`),
  ],
);
