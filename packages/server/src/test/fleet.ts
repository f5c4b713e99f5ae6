import { DEMO_PASSWORD, registerBoxSchema, type RegisterBoxInput } from '@cloudbox/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { App } from '../app.js';
import type { Db } from '../db/index.js';
import { queryRows } from '../db/sql.js';
import { eventRules, type EventSeverity, users } from '../db/schema.js';
import type { Sample } from '../ingest/decode.js';
import { createPartitions } from '../ingest/partitions.js';
import { flushRollups, insertSamples, openRecords, type StoredRecord } from '../ingest/store.js';
import type { TestApp } from './helpers.js';

/**
 * A small fleet for the device query tests, written through the data plane's own functions: boxes
 * by the box service, samples (with their rollups and latest values) by the ingest's insert, fault
 * records by the ingest's record store. Only connection state, logs and unregistered ids, which the
 * status service writes from broker events, are set in SQL.
 */

/** A manager of the second demo CK, to check that nothing of CK 1001 reaches it. */
export const OTHER_CK_MANAGER = 'other_ck_manager';

export function box(id: string, ck: string, facts: Partial<RegisterBoxInput>, controllers: RegisterBoxInput['controllers']) {
  return registerBoxSchema.parse({ id, ck, ...facts, controllers });
}

export async function registerBoxes(t: TestApp, inputs: ReturnType<typeof box>[]): Promise<void> {
  for (const input of inputs) await t.app.services.boxes.register(input, null);
  await bindToCkManagers(
    t.database.db,
    inputs.map((input) => input.id),
  );
}

/**
 * Binds boxes to the top manager of their CK (demo_manager in 1001, OTHER_CK_MANAGER in 2002, when
 * it exists), as add-device would: managers see the boxes they own, not every box of their CK.
 */
export async function bindToCkManagers(db: Db, boxIds: string[]): Promise<void> {
  await db.execute(sql`update boxes set owner_id = u.id, owned_since = now() from users u
    where boxes.id = any(${`{${boxIds.join(',')}}`}::text[])
      and u.username = case boxes.ck when '1001' then 'demo_manager' when '2002' then ${OTHER_CK_MANAGER} end`);
}

export async function createOtherCkManager(t: TestApp): Promise<void> {
  await t.database.db
    .insert(users)
    .values({ username: OTHER_CK_MANAGER, passwordHash: await t.passwords.hash(DEMO_PASSWORD), roles: ['manager'], ck: '2002', level: 1, isManager: true });
}

export async function setOnline(db: Db, boxIds: string[], lastSeen: Date): Promise<void> {
  for (const id of boxIds) await db.execute(sql`update boxes set online = true, last_seen_at = ${lastSeen.toISOString()}::timestamptz where id = ${id}`);
}

/** The controller of a box as ingest knows it. */
export async function controllerOf(app: App, boxId: string, station: number) {
  const registered = await app.services.registry.box(boxId);
  const controller = registered?.controllers.get(station);
  if (!registered || !controller) throw new Error(`no controller ${boxId}/${station}`);
  return { box: registered, controller };
}

/** Stores samples through the ingest's insert and rolls them up (latest values included), creating their partitions first. */
export async function ingest(app: App, db: Db, boxId: string, station: number, rows: { ts: number; values: Record<number, number> }[]): Promise<void> {
  const { box: registered, controller } = await controllerOf(app, boxId, station);
  await createPartitions(db, 3650).ensure(rows.map((row) => row.ts));
  const samples: Sample[] = rows.map((row) => ({
    box: registered,
    controller,
    ts: row.ts,
    registers: Object.keys(row.values).map(Number),
    readings: Object.values(row.values),
  }));
  await insertSamples(db, samples);
  await flushRollups(db);
}

/** Opens (or records, with `endedAt`) a fault record of a rule of the controller's device type. */
export async function openRecord(
  app: App,
  db: Db,
  boxId: string,
  station: number,
  severity: EventSeverity,
  startedAt: number,
  endedAt: number | null = null,
  value = 1,
): Promise<StoredRecord> {
  const { controller } = await controllerOf(app, boxId, station);
  const rules = await db
    .select()
    .from(eventRules)
    .where(and(eq(eventRules.deviceTypeId, controller.deviceType.id), eq(eventRules.severity, severity)))
    .orderBy(eventRules.code);
  // Closed records may share a rule; an active one takes a rule that has no active record yet.
  const active = await queryRows<{ rule_id: number }>(db, sql`select rule_id from fault_records where controller_id = ${controller.id} and ended_at is null`);
  const busy = new Set(active.map((row) => row.rule_id));
  const rule = endedAt === null ? rules.find((candidate) => !busy.has(candidate.id)) : rules[0];
  if (!rule) throw new Error(`no free ${severity} rule for ${controller.deviceType.id}`);
  const opened = await openRecords(db, [
    { controllerId: controller.id, ruleId: rule.id, severity, code: rule.code, message: rule.message, register: rule.register, value, startedAt, endedAt },
  ]);
  if (opened.length !== 1) throw new Error('the record did not open');
  return opened[0]!;
}
