import type { Role, SharePermission, TemplateRights } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxes, ckCodes, deviceShares, deviceSwitchGrants, permissionTemplates, users, type UserRow } from '../db/schema.js';
import { queryRows } from '../db/sql.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../test/helpers.js';
import { createDevicePolicy, type DevicePolicy } from './policy.js';
import { accessOf, channelsOf, CK_WIDE_ROLES, mayRead, roleScope, scopeCovers, type BoxRelation, type BoxScope } from './scope.js';
import {
  listsRelationMadeBy,
  mayEndRelation,
  mayRevokeSwitch,
  offersForSharing,
  offersServiceSwitch,
  offersSwitchOf,
  reachesCk,
  services,
  topOwnerOf,
} from './relations.js';
import {
  boxIdCondition,
  endableRelation,
  hierarchySeers,
  listedRelation,
  maySwitchBox,
  offeredForSharing,
  reachedCk,
  readableCondition,
  readersOf,
  readersOfEvents,
  type ReadersQuestion,
  revocableSwitchGrant,
  scopeCondition,
  seesBox,
  servicedBy,
  serviceSwitchOffered,
  switchOffered,
  topOwnerOf as topOwnerSql,
  usersConcernedBy,
} from './sql.js';

/**
 * The SQL forms of the access rules answer what their TypeScript twins answer: every user of a
 * small world (root, every CK-wide role, staff of another CK, a manager hierarchy with a shielding
 * manager, a helper with a model, an end user, a district distributor with a regional one and a
 * regional one of its own) against every box of it (owned at each level, free, shared for reading
 * and for writing, switch granted, sold through each distributor, granted to service staff by its
 * top owner, of another CK). The TypeScript side works
 * from the declared facts alone; the SQL side from the rows they were written to.
 */

interface UserFacts {
  name: string;
  roles: Role[];
  ck: string | null;
  parent?: string;
  shield?: boolean;
  template?: TemplateRights;
}
interface BoxFacts {
  id: string;
  ck: string;
  owner?: string;
  shares?: { user: string; permission: SharePermission; by: string }[];
  switchGrants?: { user: string; by: string }[];
  /** The distributor it was sold through. */
  channel?: string;
}

const HELPER_MODEL: TemplateRights = { maglev_blower: { 1: 'r', 2: 'rw' } };

const USERS: UserFacts[] = [
  { name: 'root', roles: ['root'], ck: null },
  ...CK_WIDE_ROLES.map((role): UserFacts => ({ name: role, roles: [role], ck: '1001' })),
  { name: 'stranger_staff', roles: ['afterSales'], ck: '2002' },
  { name: 'top', roles: ['manager'], ck: '1001' },
  { name: 'mid', roles: ['manager'], ck: '1001', parent: 'top' },
  { name: 'shielding', roles: ['manager'], ck: '1001', parent: 'top', shield: true },
  { name: 'low', roles: ['manager'], ck: '1001', parent: 'shielding' },
  { name: 'helper', roles: ['helper'], ck: '1001', parent: 'mid', template: HELPER_MODEL },
  { name: 'end_user', roles: ['end_user'], ck: '1001' },
  { name: 'homeless', roles: ['end_user'], ck: null },
  { name: 'district', roles: ['district_distributor'], ck: '1001' },
  { name: 'region', roles: ['regional_distributor'], ck: '1001', parent: 'district' },
  { name: 'lone_region', roles: ['regional_distributor'], ck: '1001' },
];

const BOXES: BoxFacts[] = [
  { id: '9100001', ck: '1001', owner: 'top' },
  { id: '9100002', ck: '1001', owner: 'mid' },
  { id: '9100003', ck: '1001', owner: 'shielding' },
  { id: '9100004', ck: '1001', owner: 'low' },
  { id: '9100005', ck: '1001' },
  { id: '9100006', ck: '1001', owner: 'top', shares: [{ user: 'helper', permission: 'read', by: 'top' }] },
  {
    id: '9100007',
    ck: '1001',
    owner: 'mid',
    shares: [{ user: 'end_user', permission: 'write', by: 'mid' }],
    switchGrants: [{ user: 'end_user', by: 'mid' }],
  },
  { id: '9100008', ck: '1001', owner: 'mid', switchGrants: [{ user: 'top', by: 'mid' }] },
  { id: '9100009', ck: '2002', owner: 'stranger_staff' },
  { id: '9100010', ck: '1001', owner: 'mid', channel: 'region' },
  { id: '9100011', ck: '1001', owner: 'top', channel: 'district', switchGrants: [{ user: 'afterSales', by: 'top' }] },
  { id: '9100012', ck: '1001', owner: 'low', channel: 'lone_region', switchGrants: [{ user: 'qualityController', by: 'shielding' }] },
  { id: '9100013', ck: '1001', owner: 'low', switchGrants: [{ user: 'region', by: 'low' }], channel: 'region' },
];

const factsOf = (name: string) => USERS.find((user) => user.name === name)!;

/** A related user's owners in TypeScript: itself and every subordinate reached without passing a shielding one. */
function ownersOf(name: string): number[] {
  const below = USERS.filter((user) => user.parent === name && !user.shield).flatMap((user) => ownersOf(user.name));
  return [ids.get(name)!, ...below];
}

function scopeInTs(name: string): BoxScope {
  const user = factsOf(name);
  const regionals = USERS.filter((other) => other.parent === name && other.roles.includes('regional_distributor')).map((other) => ids.get(other.name)!);
  const channels = channelsOf({ id: ids.get(name)!, roles: user.roles }, regionals);
  return (
    roleScope({ ...user, id: ids.get(name)! }) ?? {
      kind: 'related',
      ck: user.ck!,
      userId: ids.get(name)!,
      owners: ownersOf(name),
      channels,
      template: user.template ?? null,
    }
  );
}

/** A box's top owner in TypeScript, from the declared hierarchy. */
function topOwnerInTs(box: BoxFacts): number | null {
  const byId = new Map(USERS.map((user) => [ids.get(user.name)!, user]));
  const userOf = (id: number) => {
    const user = byId.get(id)!;
    return { parentId: user.parent ? ids.get(user.parent)! : null, shieldDevices: user.shield ?? false };
  };
  return topOwnerOf(box.owner ? ids.get(box.owner)! : null, userOf);
}

function relationInTs(box: BoxFacts, name: string): BoxRelation {
  return {
    ck: box.ck,
    ownerId: box.owner ? ids.get(box.owner)! : null,
    share: box.shares?.find((share) => share.user === name)?.permission ?? null,
    switchGranted: box.switchGrants?.some((grant) => grant.user === name) ?? false,
    salesChannelId: box.channel ? ids.get(box.channel)! : null,
  };
}

/** Users whose view of a box depends on it, in TypeScript: the owner and every superior, sharees, switch grantees. */
function concernedInTs(box: BoxFacts): number[] {
  const chain: string[] = [];
  for (let name = box.owner; name; name = factsOf(name).parent) chain.push(name);
  const channel = box.channel ? [box.channel, factsOf(box.channel).parent].filter((name): name is string => name !== undefined) : [];
  const names = [...chain, ...(box.shares ?? []).map((share) => share.user), ...(box.switchGrants ?? []).map((grant) => grant.user), ...channel];
  return [...new Set(names.map((name) => ids.get(name)!))].sort((a, b) => a - b);
}

const ids = new Map<string, number>();

describe.each(DATABASE_KINDS)('access rules, TypeScript and SQL, on %s', (kind) => {
  let opened: TestDatabase;
  let policy: DevicePolicy;
  const rows = new Map<string, UserRow>();
  const ask = async (query: SQL) => (await queryRows<{ answer: boolean }>(opened.database.db, sql`select (${query}) as answer`))[0]!.answer;

  beforeAll(async () => {
    opened = await openTestDatabase(kind);
    const db = opened.database.db;
    policy = createDevicePolicy(db);
    await db
      .insert(ckCodes)
      .values([
        { code: '1001', name: 'One' },
        { code: '2002', name: 'Two' },
      ])
      .onConflictDoNothing();
    const [template] = await db.insert(permissionTemplates).values({ ck: '1001', name: 'helper model', rights: HELPER_MODEL }).returning();
    for (const user of USERS) {
      const parentId = user.parent ? ids.get(user.parent) : null;
      const [row] = await db
        .insert(users)
        .values({
          username: `access_${user.name}`,
          passwordHash: 'x',
          roles: user.roles,
          ck: user.ck,
          parentId,
          shieldDevices: user.shield ?? false,
          templateId: user.template ? template!.id : null,
        })
        .returning();
      ids.set(user.name, row!.id);
      rows.set(user.name, row!);
    }
    for (const box of BOXES) {
      await db.insert(boxes).values({
        id: box.id,
        ck: box.ck,
        ownerId: box.owner ? ids.get(box.owner) : null,
        salesChannelId: box.channel ? ids.get(box.channel) : null,
        secretHash: 'x',
      });
      for (const share of box.shares ?? []) {
        await db.insert(deviceShares).values({ boxId: box.id, userId: ids.get(share.user)!, grantedBy: ids.get(share.by)!, permission: share.permission });
      }
      for (const grant of box.switchGrants ?? []) {
        await db.insert(deviceSwitchGrants).values({ boxId: box.id, userId: ids.get(grant.user)!, grantedBy: ids.get(grant.by)! });
      }
    }
  });
  afterAll(() => opened.dispose());

  it('loads the scope the TypeScript rules give each user', async () => {
    for (const user of USERS) {
      const loaded = await policy.scopeOf(rows.get(user.name)!);
      const expected = scopeInTs(user.name);
      const sortOwners = (scope: BoxScope) => (scope.kind === 'related' ? { ...scope, owners: [...scope.owners].sort((a, b) => a - b) } : scope);
      expect(sortOwners(loaded), user.name).toEqual(sortOwners(expected));
    }
  });

  it('answers visibility, relations and switching alike for every user and box', async () => {
    const mismatches: string[] = [];
    for (const user of USERS) {
      const scope = scopeInTs(user.name);
      const visibleIds = scope.kind === 'related' ? await policy.visibleBoxIds(scope) : null;
      for (const box of BOXES) {
        const access = accessOf(scope, relationInTs(box, user.name));
        const expected = { visible: access !== null, switches: access?.switchOnOff ?? false, access };
        const byScope = scopeCondition(scope);
        const byBoxId = boxIdCondition(scope, boxes.id);
        const userRow = sql`(select * from users where id = ${ids.get(user.name)!})`;
        const boxRow = sql`(select * from boxes where id = ${box.id})`;
        const got = {
          visible: await ask(sql`exists (select 1 from boxes where boxes.id = ${box.id} and ${byScope ?? sql`true`})`),
          byBoxId: await ask(sql`exists (select 1 from boxes where boxes.id = ${box.id} and ${byBoxId ?? sql`true`})`),
          seesBox: await ask(sql`with recursive ${hierarchySeers([box.id])} select ${seesBox(sql`u`, sql`b`)} from ${userRow} u, ${boxRow} b`),
          switches: await ask(sql`select ${maySwitchBox(sql`u`, sql`b`)} from ${userRow} u, ${boxRow} b`),
          covered: scopeCovers(scope, visibleIds, box),
          access: await policy.access(rows.get(user.name)!, box),
        };
        const cell = `${user.name} x ${box.id}`;
        if (got.visible !== expected.visible) mismatches.push(`${cell}: scopeCondition ${got.visible}, accessOf ${expected.visible}`);
        if (got.byBoxId !== expected.visible) mismatches.push(`${cell}: boxIdCondition ${got.byBoxId}, accessOf ${expected.visible}`);
        if (got.seesBox !== expected.visible) mismatches.push(`${cell}: seesBox ${got.seesBox}, accessOf ${expected.visible}`);
        if (got.covered !== expected.visible) mismatches.push(`${cell}: scopeCovers ${got.covered}, accessOf ${expected.visible}`);
        if (expected.visible && got.switches !== expected.switches) mismatches.push(`${cell}: maySwitchBox ${got.switches}, accessOf ${expected.switches}`);
        if (JSON.stringify(got.access) !== JSON.stringify(expected.access))
          mismatches.push(`${cell}: policy.access ${JSON.stringify(got.access)}, accessOf ${JSON.stringify(expected.access)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("tells of a register exactly the users who may read it (readersOf and its set form readersOfEvents, the notifications' recipients)", async () => {
    const mismatches: string[] = [];
    const names = new Map([...ids].map(([name, id]) => [id, name]));
    const questions: ReadersQuestion[] = [];
    const expectedByQuestion = new Map<number, string[]>();
    // Registers 1 and 2 are in the helper's model, 3 is not; null asks about the box alone.
    for (const register of [1, 2, 3, null]) {
      for (const box of BOXES) {
        const expected: string[] = [];
        for (const user of USERS) {
          const access = await policy.access(rows.get(user.name)!, box);
          if (access && (register === null || mayRead(access, 'maglev_blower', register))) expected.push(user.name);
        }
        const got = (await queryRows<{ user_id: number }>(opened.database.db, readersOf(box.id, 'maglev_blower', register))).map((row) =>
          names.get(row.user_id)!,
        );
        if (expected.sort().join() !== got.sort().join())
          mismatches.push(`${box.id} register ${register}: readersOf [${got.join()}], policy [${expected.join()}]`);
        expectedByQuestion.set(questions.length, expected);
        questions.push({ eventId: questions.length, boxId: box.id, deviceTypeId: 'maglev_blower', register });
      }
    }
    // The set form: every box and register in one query (the fan-out's batch), and a box without a device type.
    for (const box of BOXES) {
      expectedByQuestion.set(
        questions.length,
        expectedByQuestion.get(questions.findIndex((question) => question.boxId === box.id && question.register === null))!,
      );
      questions.push({ eventId: questions.length, boxId: box.id, deviceTypeId: null, register: 3 });
    }
    const answered = new Map<number, string[]>();
    for (const row of await queryRows<{ event_id: string | number; user_id: number }>(opened.database.db, readersOfEvents(questions)))
      answered.set(Number(row.event_id), [...(answered.get(Number(row.event_id)) ?? []), names.get(row.user_id)!]);
    for (const question of questions) {
      const got = (answered.get(question.eventId) ?? []).sort().join();
      if (got !== expectedByQuestion.get(question.eventId)!.sort().join())
        mismatches.push(
          `${question.boxId} register ${question.register} of ${question.deviceTypeId}: readersOfEvents [${got}], policy [${expectedByQuestion.get(question.eventId)!.join()}]`,
        );
    }
    expect(questions.length).toBe(BOXES.length * 5);
    expect(mismatches).toEqual([]);
    // The world has a reader whom a model keeps from a register.
    const helperBox = BOXES.find((box) => box.shares?.some((share) => share.user === 'helper'))!;
    const readers = async (register: number) =>
      (await queryRows<{ user_id: number }>(opened.database.db, readersOf(helperBox.id, 'maglev_blower', register))).map((row) => row.user_id);
    expect(await readers(1)).toContain(ids.get('helper'));
    expect(await readers(3)).not.toContain(ids.get('helper'));
  });

  it('answers the top owner and who may authorise service staff alike', async () => {
    const mismatches: string[] = [];
    for (const box of BOXES) {
      const top = (await queryRows<{ id: number | null }>(opened.database.db, sql`select ${topOwnerSql(sql`b`)} as id from boxes b where b.id = ${box.id}`))[0]!
        .id;
      if (top !== topOwnerInTs(box)) mismatches.push(`${box.id}: top owner SQL ${top}, TS ${topOwnerInTs(box)}`);
      for (const user of USERS) {
        const callerId = ids.get(user.name)!;
        const callerMaySwitch = accessOf(scopeInTs(user.name), relationInTs(box, user.name))?.switchOnOff ?? false;
        const expected = offersServiceSwitch(callerId, { topOwnerId: topOwnerInTs(box), callerMaySwitch });
        const got = await ask(sql`select ${serviceSwitchOffered(callerId, sql`b`)} from boxes b where b.id = ${box.id}`);
        if (Boolean(got) !== expected) mismatches.push(`${user.name} authorises service staff on ${box.id}: SQL ${got}, TS ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('caps readable registers by the model alike', async () => {
    const scope = scopeInTs('helper');
    const access = accessOf(scope, relationInTs(BOXES[5]!, 'helper'))!;
    for (const [deviceType, register] of [
      ['maglev_blower', 1],
      ['maglev_blower', 2],
      ['maglev_blower', 3],
      ['generic_plc', 1],
    ] as const) {
      const condition = readableCondition(scope, sql`${deviceType}::text`, sql`${register}::int`);
      expect(await ask(condition ?? sql`true`), `${deviceType} ${register}`).toBe(mayRead(access, deviceType, register));
    }
    expect(readableCondition(scopeInTs('top'), sql`'maglev_blower'`, sql`1`)).toBeUndefined();
  });

  it('answers the relation rules alike: whom a caller services, which relations it lists and ends, which boxes it offers', async () => {
    const mismatches: string[] = [];
    const answers = async (query: SQL) =>
      new Map((await queryRows<{ key: string; answer: boolean }>(opened.database.db, query)).map((row) => [String(row.key), row.answer]));
    const shares = BOXES.flatMap((box) => (box.shares ?? []).map((share) => ({ box, user: ids.get(share.user)!, by: ids.get(share.by)! })));
    const grants = BOXES.flatMap((box) => (box.switchGrants ?? []).map((grant) => ({ box, user: ids.get(grant.user)!, by: ids.get(grant.by)! })));
    for (const user of USERS) {
      const caller = rows.get(user.name)!;
      const scope = scopeInTs(user.name);
      for (const ck of ['1001', '2002']) {
        const reached = await ask(sql`select coalesce(${reachedCk(caller, sql`${ck}::text`)}, false)`);
        if (reached !== reachesCk(caller, ck)) mismatches.push(`${user.name} reaches ${ck}: SQL ${reached}, TS ${reachesCk(caller, ck)}`);
      }
      const serviced = await answers(sql`select u.id as key, coalesce(${servicedBy(caller, sql`u`)}, false) as answer from users u`);
      for (const other of USERS) {
        const expected = services(caller, { parentId: other.parent ? ids.get(other.parent)! : null, ck: other.ck });
        if (serviced.get(String(ids.get(other.name))) !== expected)
          mismatches.push(`${user.name} services ${other.name}: SQL ${serviced.get(String(ids.get(other.name)))}, TS ${expected}`);
      }
      const boxAnswers = await answers(sql`select b.id as key, coalesce(${offeredForSharing(scope, caller.id, sql`b`)}, false) as answer from boxes b`);
      const assignments = await answers(sql`select b.id as key, coalesce(${listedRelation(caller, sql`b.owner_id`)}, false) as answer from boxes b`);
      for (const box of BOXES) {
        const ownerId = box.owner ? ids.get(box.owner)! : null;
        const offered = offersForSharing(scope, caller.id, { ck: box.ck, ownerId });
        if (boxAnswers.get(box.id) !== offered) mismatches.push(`${user.name} offers ${box.id}: SQL ${boxAnswers.get(box.id)}, TS ${offered}`);
        const listed = listsRelationMadeBy(caller, ownerId);
        if (assignments.get(box.id) !== listed) mismatches.push(`${user.name} lists made by ${box.owner}: SQL ${assignments.get(box.id)}, TS ${listed}`);
      }
      for (const share of shares) {
        const relation = sql`(select * from device_shares where box_id = ${share.box.id} and user_id = ${share.user})`;
        const got = {
          listed: await ask(sql`select coalesce(${listedRelation(caller, sql`s.granted_by`)}, false) from ${relation} s`),
          endable: await ask(sql`select coalesce(${endableRelation(caller, sql`s.granted_by`)}, false) from ${relation} s`),
          switchOffered: await ask(sql`select coalesce(${switchOffered(caller.id, share.user, sql`b`)}, false) from boxes b where b.id = ${share.box.id}`),
        };
        const ownerId = share.box.owner ? ids.get(share.box.owner)! : null;
        const expected = {
          listed: listsRelationMadeBy(caller, share.by),
          endable: mayEndRelation(caller, share.by),
          switchOffered: offersSwitchOf(caller.id, { ownerId }, { grantedBy: share.by }),
        };
        if (JSON.stringify(got) !== JSON.stringify(expected))
          mismatches.push(`${user.name} x share of ${share.box.id}: SQL ${JSON.stringify(got)}, TS ${JSON.stringify(expected)}`);
      }
      for (const grant of grants) {
        const revocable = await ask(sql`select coalesce(${revocableSwitchGrant(caller.id, sql`g`, sql`b`)}, false)
          from device_switch_grants g join boxes b on b.id = g.box_id where g.box_id = ${grant.box.id} and g.user_id = ${grant.user}`);
        const expected = mayRevokeSwitch(caller.id, { grantedBy: grant.by }, { ownerId: grant.box.owner ? ids.get(grant.box.owner)! : null });
        if (revocable !== expected) mismatches.push(`${user.name} revokes the grant of ${grant.box.id}: SQL ${revocable}, TS ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('names the users concerned by a box as the relations do', async () => {
    for (const box of BOXES) {
      const concerned = (await queryRows<{ id: number }>(opened.database.db, usersConcernedBy([box.id]))).map((row) => row.id).sort((a, b) => a - b);
      expect(concerned, box.id).toEqual(concernedInTs(box));
    }
  });
});
