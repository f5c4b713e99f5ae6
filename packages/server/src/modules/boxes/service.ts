import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { BoxView, BoxWithSecret, Page, RegisterBox, UnregisteredBox, UpdateBox } from '@cloudbox/domain';
import { asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { requireKnownCk } from '../../db/ck-codes.js';
import type { Db, Executor } from '../../db/index.js';
import { queryRows, textArray, transactionRetryingConflicts } from '../../db/sql.js';
import { boxes, boxServerConfigs, controllers, deviceTypes, unregisteredBoxes, type UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import type { DevicePolicy } from '../../access/policy.js';
import { mayManageBox } from '../../access/scope.js';
import { usersConcernedBy } from '../../access/sql.js';
import { locationOf } from '../devices/queries.js';
import type { Actor, OperationLogService } from '../oplog/service.js';
import { releaseQrBindings } from '../qr-labels/bindings.js';
import { createBoxAudit } from './audit.js';
import { moveBoxesToCk } from './ck-moves.js';
import { deleteHistory, replaceControllers } from './controllers.js';

/** What else must hear about a box that changed: caches, connections, rule state. */
export interface BoxChangeListener {
  boxChanged(boxId: string): void;
  /** The box must connect again (new secret) or not at all (deleted). */
  disconnect(boxId: string): void;
  /** Controllers removed, or given another device type: their event-rule state is forgotten. */
  controllersReset(ids: number[]): void;
  /** These users' view of boxes changed (a box moved to another company): their scopes are loaded again. */
  scopesChanged(userIds: readonly number[]): void;
}

export type BoxService = ReturnType<typeof createBoxService>;

/** Registration's operation-log rows (`ck, box_id, old_value, new_value`): `new_value` is the bus as `station:device_type;...`. */
function registrationEntries(boxIds: readonly string[]): SQL {
  return sql`select b.ck, b.id, null::text,
      (select string_agg(c.station || ':' || c.device_type_id, ';' order by c.station) from controllers c where c.box_id = b.id)
    from boxes b where b.id = any(${textArray(boxIds)}::text[])`;
}

/** A box's MQTT secret: 32 random bytes, shown once; only its SHA-256 is kept (see boxes.secret_hash). */
export function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

export function hashSecret(secret: string | Buffer): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Whether a presented secret matches a stored hash, in constant time. */
export function secretMatches(presented: Buffer, hash: string): boolean {
  const expected = Buffer.from(hash, 'hex');
  const actual = createHash('sha256').update(presented).digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The box as the console shows it: its facts, its controllers and its server address. */
async function view(db: Db, id: string): Promise<BoxView | undefined> {
  const [box] = await db.select().from(boxes).where(eq(boxes.id, id));
  if (!box) return undefined;
  const rows = await db.select().from(controllers).where(eq(controllers.boxId, id)).orderBy(asc(controllers.station));
  const [server] = await db.select({ ip: boxServerConfigs.ipAddress }).from(boxServerConfigs).where(eq(boxServerConfigs.boxId, id));
  return {
    id: box.id,
    ck: box.ck,
    model: box.model,
    software: box.software,
    iccid: box.iccid,
    install_date: box.installDate,
    expiry_date: box.expiryDate,
    owner_unit: box.ownerUnit,
    ...locationOf(box),
    contact: box.contact,
    phone: box.phone,
    remark: box.remark,
    server_ip: server?.ip ?? null,
    registered_at: box.registeredAt.toISOString(),
    online: box.online,
    last_seen_at: box.lastSeenAt?.toISOString() ?? null,
    last_ip: box.lastIp,
    controllers: rows.map((row) => ({
      station: row.station,
      device_type: row.deviceTypeId,
      machine_model: row.machineModel,
      device_number: row.deviceNumber,
    })),
  };
}

/** The CK and device types named in a registration or an edit exist (what zod cannot know). */
async function checkReferences(db: Db, input: UpdateBox): Promise<void> {
  if (input.ck !== undefined) await requireKnownCk(db, input.ck);
  const wanted = [...new Set((input.controllers ?? []).map((controller) => controller.device_type))];
  if (wanted.length === 0) return;
  const known = new Set((await db.select({ id: deviceTypes.id }).from(deviceTypes).where(inArray(deviceTypes.id, wanted))).map((row) => row.id));
  const problems = (input.controllers ?? []).flatMap((controller, index) =>
    known.has(controller.device_type)
      ? []
      : [{ field: `controllers.${index}.device_type`, key: 'deviceTypeUnknown' as const, params: { deviceType: controller.device_type } }],
  );
  if (problems.length > 0) throw ApiError.invalidInput(problems);
}

/** The box's columns of the facts given; a fact left out is undefined, which Drizzle leaves alone. */
function columns(input: UpdateBox) {
  return {
    ck: input.ck,
    model: input.model,
    software: input.software,
    iccid: input.iccid,
    installDate: input.install_date,
    expiryDate: input.expiry_date,
    ownerUnit: input.owner_unit,
    province: input.province,
    city: input.city,
    district: input.district,
    street: input.street,
    latitude: input.latitude,
    longitude: input.longitude,
    contact: input.contact,
    phone: input.phone,
    remark: input.remark,
  };
}

/**
 * Inserts registered boxes, their controllers and server addresses, all or none: one taken id
 * (409 `boxExists`) fails the transaction. They stop being "unregistered".
 */
async function insertBoxes(tx: Executor, inputs: RegisterBox[], secretHashes: string[], registeredBy: number | null): Promise<void> {
  const ids = inputs.map((input) => input.id);
  const created = await tx
    .insert(boxes)
    .values(inputs.map((input, index) => ({ id: input.id, ...columns(input), ck: input.ck, registeredBy, secretHash: secretHashes[index]! })))
    .onConflictDoNothing()
    .returning({ id: boxes.id });
  if (created.length < inputs.length) {
    const fresh = new Set(created.map((box) => box.id));
    throw ApiError.rejected('boxExists', { id: ids.find((id) => !fresh.has(id))! }, 409);
  }
  await tx.insert(controllers).values(
    inputs.flatMap((input) =>
      input.controllers.map((controller) => ({
        boxId: input.id,
        station: controller.station,
        deviceTypeId: controller.device_type,
        machineModel: controller.machine_model,
        deviceNumber: controller.device_number,
      })),
    ),
  );
  const servers = inputs.flatMap((input) => (input.server_ip ? [{ boxId: input.id, ipAddress: input.server_ip }] : []));
  if (servers.length > 0) await tx.insert(boxServerConfigs).values(servers);
  await tx.delete(unregisteredBoxes).where(inArray(unregisteredBoxes.id, ids));
}

/**
 * Box registration: a box, its controllers and the facts the console shows, and its MQTT secret,
 * issued once. Who may do what is the devices policy's call (mayManageBox, access).
 */
export function createBoxService(db: Db, policy: DevicePolicy, listener: BoxChangeListener, oplog: Pick<OperationLogService, 'record' | 'recordEach'>) {
  const audit = createBoxAudit(oplog);
  async function manageable(user: UserRow, id: string) {
    const [box] = await db.select({ ck: boxes.ck }).from(boxes).where(eq(boxes.id, id));
    if (!box || !(await policy.access(user, { id, ck: box.ck }))) throw ApiError.notFound('boxNotFound');
    if (!mayManageBox(user, box)) throw ApiError.forbidden();
    return box;
  }

  return {
    /**
     * Registers boxes whose CK and device types the caller has checked (and whom it has
     * authorized), all or none: one taken id (409 `boxExists`) rolls every one back. Audited
     * (register_box per box) unless `actor` is null: the system itself (the demo's boxes), no person.
     * Answers their secrets, the only time they are shown.
     */
    async registerMany(actor: Actor | null, inputs: RegisterBox[]): Promise<BoxWithSecret[]> {
      const issued = inputs.map(() => newSecret());
      const ids = inputs.map((input) => input.id);
      await db.transaction(async (tx) => {
        await insertBoxes(
          tx,
          inputs,
          issued.map((secret) => secret.hash),
          actor?.user.id ?? null,
        );
        if (actor) await oplog.recordEach(tx, actor, 'register_box', registrationEntries(ids));
      });
      for (const id of ids) listener.boxChanged(id);
      const views = await Promise.all(ids.map((id) => view(db, id)));
      return views.map((box, index) => ({ box: box!, secret: issued[index]!.secret }));
    },

    /** One box, its CK and device types checked here (callers have been authorized). */
    async register(input: RegisterBox, actor: Actor | null): Promise<BoxWithSecret> {
      await checkReferences(db, input);
      const [registered] = await this.registerMany(actor, [input]);
      return registered!;
    },

    /** One box, for root or a limited_admin of its CK. */
    async registerAs(actor: Actor & { user: UserRow }, input: RegisterBox): Promise<BoxWithSecret> {
      if (!mayManageBox(actor.user, input)) throw ApiError.forbidden();
      return this.register(input, actor);
    },

    async get(user: UserRow, id: string): Promise<BoxView> {
      const box = await view(db, id);
      if (!box || !(await policy.access(user, { id, ck: box.ck }))) throw ApiError.notFound('boxNotFound');
      return box;
    },

    /** Replaces the facts given and keeps the others; `controllers`, when given, is the whole bus. Audited (edit_box). */
    async update(actor: Actor & { user: UserRow }, id: string, input: UpdateBox): Promise<BoxView> {
      const { user } = actor;
      const stored = await manageable(user, id);
      if (!mayManageBox(user, { ck: input.ck ?? stored.ck })) throw ApiError.forbidden();
      await checkReferences(db, input);
      // Another company: the box moves as on the box-CK screen, and what belonged to the old one ends.
      const moving = input.ck !== undefined && input.ck !== stored.ck;
      const concerned = moving ? (await queryRows<{ id: number }>(db, usersConcernedBy([id]))).map((row) => row.id) : [];
      const reset = await transactionRetryingConflicts(db, (tx) =>
        audit.edit(tx, actor, id, async () => {
          if (moving) await moveBoxesToCk(tx, oplog, actor, [id], input.ck!);
          const facts = columns(input);
          if (Object.values(facts).some((value) => value !== undefined)) await tx.update(boxes).set(facts).where(eq(boxes.id, id));
          if (input.server_ip !== undefined) {
            await tx.delete(boxServerConfigs).where(eq(boxServerConfigs.boxId, id));
            if (input.server_ip) await tx.insert(boxServerConfigs).values({ boxId: id, ipAddress: input.server_ip });
          }
          return input.controllers ? replaceControllers(tx, id, input.controllers) : [];
        }),
      );
      listener.controllersReset(reset);
      listener.boxChanged(id);
      listener.scopesChanged(concerned);
      return (await view(db, id))!;
    },

    /** Deletes the box with its controllers and their data; audited (delete_box). */
    async remove(actor: Actor & { user: UserRow }, id: string): Promise<void> {
      await manageable(actor.user, id);
      const removed = await transactionRetryingConflicts(db, (tx) =>
        audit.remove(tx, actor, id, async () => {
          const ids = (await tx.select({ id: controllers.id }).from(controllers).where(eq(controllers.boxId, id))).map((row) => row.id);
          await deleteHistory(tx, ids);
          await tx.delete(boxes).where(eq(boxes.id, id));
          await releaseQrBindings(tx, [id]);
          return ids;
        }),
      );
      listener.controllersReset(removed);
      listener.boxChanged(id);
      listener.disconnect(id);
    },

    /** A new secret, audited (rotate_secret); the old one stops working at once and the box's connection is ended. */
    async rotateSecret(actor: Actor & { user: UserRow }, id: string): Promise<BoxWithSecret> {
      const { ck } = await manageable(actor.user, id);
      const { secret, hash } = newSecret();
      await db.transaction(async (tx) => {
        await tx.update(boxes).set({ secretHash: hash, secretIssuedAt: new Date() }).where(eq(boxes.id, id));
        await oplog.record(tx, { userId: actor.user.id, username: actor.user.username, ip: actor.ip, action: 'rotate_secret', ck, boxId: id });
      });
      listener.boxChanged(id);
      listener.disconnect(id);
      return { box: (await view(db, id))!, secret };
    },

    /** Box ids that tried to connect without a registration, most recent first. */
    async unregistered(page: { page: number; page_size: number }): Promise<Page<UnregisteredBox>> {
      const [total] = await db.select({ total: count() }).from(unregisteredBoxes);
      const rows = await db
        .select()
        .from(unregisteredBoxes)
        .orderBy(desc(unregisteredBoxes.lastSeenAt))
        .limit(page.page_size)
        .offset((page.page - 1) * page.page_size);
      return {
        total: total?.total ?? 0,
        items: rows.map((row) => ({
          id: row.id,
          attempts: row.attempts,
          first_seen_at: row.firstSeenAt.toISOString(),
          last_seen_at: row.lastSeenAt.toISOString(),
          last_ip: row.lastIp,
        })),
      };
    },
  };
}
