import { DEVICE_TYPES, type RegisterBox } from '@cloudbox/domain';
import { createFleet, type BoxOptions, type Fleet, type FleetLogger } from '@cloudbox/simulator';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { App } from './app.js';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import { queryRows, textArray } from './db/sql.js';
import { boxes } from './db/schema.js';
import { newSecret, type BoxService } from './modules/boxes/service.js';
import { boxUnlockKeys } from './unlock/secrets.js';

/**
 * Demo mode's fleet: a few hundred boxes registered to the demo CKs (mostly 1001, some 2002) with
 * controllers of every built-in device type, spread over Chinese cities, with owners, SIM cards and
 * service expiry dates from last month to next year. The simulator runs them in-process against
 * the broker, after a week of history has been fed through the same ingest path.
 */

const FIRST_BOX_ID = 860_100_001;
const SHARE_OF_SECOND_CK = 0.15;
const HISTORY_DAYS = 7;
/** One backfilled sample per box every this many hours of the past week. */
const HISTORY_STEP_HOURS = 3;
const DAY_MS = 86_400_000;
/**
 * The demo boxes whose controllers start locked (ARCHITECTURE-services.md, "Dynamic passwords"), by
 * their number within their CK in id order: in 1001 boxes demo_manager owns itself (n % 10 = 0;
 * the after-sales account may switch them, see `relateDemoBoxes`), and two of 2002.
 */
const LOCKED_BOXES: Readonly<Record<string, readonly number[]>> = { '1001': [0, 20, 40], '2002': [0, 5] };

/** Cities with their province, a few districts and the city centre (latitude, longitude). */
const CITIES: readonly [province: string, city: string, districts: readonly string[], latitude: number, longitude: number][] = [
  ['北京市', '北京市', ['朝阳区', '海淀区', '大兴区', '顺义区'], 39.904, 116.407],
  ['天津市', '天津市', ['滨海新区', '西青区', '武清区'], 39.084, 117.201],
  ['上海市', '上海市', ['浦东新区', '嘉定区', '松江区', '闵行区'], 31.23, 121.474],
  ['重庆市', '重庆市', ['渝北区', '九龙坡区', '江津区'], 29.563, 106.551],
  ['河北省', '石家庄市', ['长安区', '裕华区', '藁城区'], 38.042, 114.515],
  ['河北省', '唐山市', ['路北区', '丰润区', '曹妃甸区'], 39.63, 118.18],
  ['山西省', '太原市', ['小店区', '晋源区'], 37.87, 112.549],
  ['内蒙古自治区', '包头市', ['昆都仑区', '九原区'], 40.658, 109.84],
  ['辽宁省', '沈阳市', ['铁西区', '浑南区', '于洪区'], 41.805, 123.431],
  ['辽宁省', '大连市', ['金州区', '甘井子区'], 38.914, 121.614],
  ['吉林省', '长春市', ['绿园区', '朝阳区'], 43.817, 125.324],
  ['黑龙江省', '哈尔滨市', ['香坊区', '松北区'], 45.803, 126.535],
  ['江苏省', '南京市', ['江宁区', '六合区', '浦口区'], 32.06, 118.797],
  ['江苏省', '苏州市', ['吴中区', '相城区', '工业园区'], 31.299, 120.585],
  ['江苏省', '无锡市', ['锡山区', '惠山区', '新吴区'], 31.491, 120.312],
  ['浙江省', '杭州市', ['萧山区', '余杭区', '滨江区'], 30.274, 120.155],
  ['浙江省', '宁波市', ['北仑区', '鄞州区', '镇海区'], 29.868, 121.544],
  ['安徽省', '合肥市', ['包河区', '蜀山区', '肥西县'], 31.821, 117.227],
  ['福建省', '福州市', ['仓山区', '长乐区'], 26.074, 119.296],
  ['福建省', '厦门市', ['集美区', '海沧区', '同安区'], 24.48, 118.089],
  ['江西省', '南昌市', ['青山湖区', '新建区'], 28.682, 115.858],
  ['山东省', '济南市', ['历城区', '章丘区', '长清区'], 36.651, 117.12],
  ['山东省', '青岛市', ['黄岛区', '城阳区', '即墨区'], 36.067, 120.383],
  ['河南省', '郑州市', ['金水区', '中原区', '管城回族区'], 34.747, 113.625],
  ['湖北省', '武汉市', ['东西湖区', '江夏区', '汉南区'], 30.593, 114.305],
  ['湖南省', '长沙市', ['雨花区', '望城区', '长沙县'], 28.228, 112.939],
  ['广东省', '广州市', ['黄埔区', '番禺区', '白云区', '花都区'], 23.129, 113.264],
  ['广东省', '深圳市', ['宝安区', '龙岗区', '光明区'], 22.543, 114.058],
  ['广东省', '佛山市', ['顺德区', '南海区', '三水区'], 23.022, 113.122],
  ['广西壮族自治区', '南宁市', ['江南区', '西乡塘区'], 22.817, 108.366],
  ['海南省', '海口市', ['美兰区', '龙华区'], 20.044, 110.199],
  ['四川省', '成都市', ['双流区', '新都区', '郫都区', '龙泉驿区'], 30.573, 104.066],
  ['贵州省', '贵阳市', ['观山湖区', '白云区'], 26.647, 106.63],
  ['云南省', '昆明市', ['官渡区', '呈贡区'], 25.038, 102.718],
  ['陕西省', '西安市', ['未央区', '长安区', '高陵区'], 34.341, 108.94],
  ['甘肃省', '兰州市', ['七里河区', '安宁区'], 36.061, 103.834],
  ['宁夏回族自治区', '银川市', ['西夏区', '金凤区'], 38.487, 106.231],
  ['新疆维吾尔自治区', '乌鲁木齐市', ['新市区', '米东区'], 43.825, 87.617],
];

const OWNER_NAMES = ['恒通', '金源', '宏达', '中科', '天诚', '瑞丰', '鑫泰', '永盛', '新宇', '华润', '东方', '凯利', '长江', '博远', '海川'];
const OWNER_TRADES = ['水务', '污水处理', '纺织', '食品', '化工', '造纸', '制药', '电子', '钢铁', '建材', '印染', '啤酒'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '朱'];
const GIVEN_NAMES = ['伟', '芳', '娜', '敏', '静', '强', '磊', '军', '洋', '勇', '艳', '杰', '涛', '明', '超'];
const STREETS = ['工业大道', '创业路', '科技路', '发展大道', '经济开发区', '滨河路', '园区路', '高新大道'];
const BOX_MODELS = ['CB-4G', 'CB-4G Pro', 'CB-LTE Cat.1'];
const MACHINE_MODELS: Record<string, readonly string[]> = {
  maglev_blower: ['MBF-75', 'MBF-150', 'MBF-300'],
  air_compressor: ['SA-37', 'SA-55', 'SA-90'],
  generic_plc: ['PLC-X16', 'PLC-X32'],
};

/** A small seeded generator, so the demo fleet is the same at every start. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function isoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The registration of demo box number `index` (0-based), relative to `today`. */
function demoBox(index: number, today = Date.now()): RegisterBox {
  const random = seeded(index + 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const [province, city, districts, latitude, longitude] = pick(CITIES);
  const controllerCount = random() < 0.5 ? 1 : random() < 0.7 ? 2 : 3;
  const controllers = Array.from({ length: controllerCount }, (_, station) => {
    const type = DEVICE_TYPES[Math.floor(random() * DEVICE_TYPES.length)]!.id;
    return {
      station: station + 1,
      device_type: type,
      machine_model: pick(MACHINE_MODELS[type] ?? ['']),
      device_number: `${city.slice(0, 2)}-${index + 1}-${station + 1}`,
    };
  });
  // Expiry: a tenth last month, a sixth this month, a sixth next month, the rest later (up to two years).
  const month = new Date(today);
  const monthStart = (offset: number) => Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + offset, 1);
  const roll = random();
  const expiryMonth = roll < 0.1 ? -1 : roll < 0.27 ? 0 : roll < 0.44 ? 1 : 2 + Math.floor(random() * 22);
  const expiry = monthStart(expiryMonth) + Math.floor(random() * 28) * DAY_MS;
  const install = today - (30 + Math.floor(random() * 3 * 365)) * DAY_MS;
  const owner = `${city.replace(/市$/, '')}${pick(OWNER_NAMES)}${pick(OWNER_TRADES)}有限公司`;
  return {
    id: String(FIRST_BOX_ID + index),
    ck: random() < SHARE_OF_SECOND_CK ? '2002' : '1001',
    model: pick(BOX_MODELS),
    software: `CB-OS 2.${3 + Math.floor(random() * 3)}.${Math.floor(random() * 10)}`,
    iccid: `898604${String(Math.floor(random() * 1e7)).padStart(7, '0')}${String(FIRST_BOX_ID + index).slice(-7)}`,
    install_date: isoDate(install),
    expiry_date: isoDate(expiry),
    owner_unit: owner,
    province,
    city,
    district: pick(districts),
    street: `${pick(STREETS)}${1 + Math.floor(random() * 300)}号`,
    latitude: Math.round((latitude + (random() - 0.5) * 0.3) * 1e5) / 1e5,
    longitude: Math.round((longitude + (random() - 0.5) * 0.3) * 1e5) / 1e5,
    contact: `${pick(SURNAMES)}${pick(GIVEN_NAMES)}${random() < 0.5 ? pick(GIVEN_NAMES) : ''}`,
    phone: `1${pick(['35', '38', '39', '50', '58', '86', '87'])}${String(Math.floor(random() * 1e8)).padStart(8, '0')}`,
    remark: '',
    server_ip: null,
    controllers,
  };
}

/** The ids of the demo boxes whose controllers start locked (LOCKED_BOXES). */
function lockedBoxes(wanted: readonly RegisterBox[]): Set<string> {
  const locked = new Set<string>();
  for (const [ck, numbers] of Object.entries(LOCKED_BOXES)) {
    const ofCk = wanted.filter((box) => box.ck === ck).sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
    for (const number of numbers) if (ofCk[number]) locked.add(ofCk[number].id);
  }
  return locked;
}

/**
 * Registers the demo boxes that are missing and issues every demo box a fresh secret (the hashes
 * in the database cannot give the simulator its secrets back). Answers the simulator's box list.
 */
async function registerDemoBoxes(db: Db, service: BoxService, count: number): Promise<BoxOptions[]> {
  const wanted = Array.from({ length: count }, (_, index) => demoBox(index));
  const existing = new Set(
    (
      await db
        .select({ id: boxes.id })
        .from(boxes)
        .where(
          inArray(
            boxes.id,
            wanted.map((box) => box.id),
          ),
        )
    ).map((row) => row.id),
  );
  for (const box of wanted) if (!existing.has(box.id)) await service.register(box, null);
  const secrets = wanted.map(() => newSecret());
  if (wanted.length > 0) {
    await db.execute(sql`
      update boxes b set secret_hash = v.hash, secret_issued_at = now()
      from unnest(${textArray(wanted.map((box) => box.id))}::text[], ${textArray(secrets.map((secret) => secret.hash))}::text[]) as v(id, hash)
      where b.id = v.id`);
  }
  const controllers = await queryRows<{ box_id: string; station: number; device_type_id: string }>(
    db,
    sql`select box_id, station, device_type_id from controllers where box_id = any(${textArray(wanted.map((box) => box.id))}::text[]) order by box_id, station`,
  );
  const unlockKeys = await boxUnlockKeys(db, wanted);
  const locked = lockedBoxes(wanted);
  return wanted.map((box, index) => ({
    id: box.id,
    secret: secrets[index]!.secret,
    unlockKey: unlockKeys.get(box.id),
    lockedStations: locked.has(box.id) ? box.controllers.map((controller) => controller.station) : [],
    model: box.model,
    software: box.software,
    iccid: box.iccid,
    controllers: controllers.filter((row) => row.box_id === box.id).map((row) => ({ station: row.station, deviceType: row.device_type_id })),
  }));
}

/**
 * Who owns and sees the demo boxes (issue 5), set once, on the first start that finds none of them
 * bound (afterwards the demo users' own changes stand). In CK 1001 demo_manager binds every box and
 * assigns one in ten to demo_sub2, one in ten on down to demo_sub3 and one in ten to demo_shield,
 * which shields them; it shares some read-only and some with write (half of those with the switch)
 * to demo_helper and a few read-only to demo_user (four of which expire this month); demo_sub2 lets
 * demo_manager switch some of its boxes. In CK 2002 demo_manager2 binds every box and shares one in five with demo_helper2.
 */
async function relateDemoBoxes(db: Db, boxIds: readonly string[]): Promise<void> {
  const ids = textArray(boxIds);
  const [bound] = await queryRows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from boxes where id = any(${ids}::text[]) and owner_id is not null) as any`,
  );
  if (bound?.any) return;
  await db.transaction(async (tx) => {
    // Each CK's boxes numbered in id order: the relations below pick them by that number.
    const numbered = sql`(select id, ck, row_number() over (partition by ck order by id)::int - 1 as n from boxes where id = any(${ids}::text[]))`;
    const user = (name: string) => sql`(select id from users where username = ${name})`;
    await tx.execute(sql`update boxes b set owner_id = case v.ck when '1001' then ${user('demo_manager')} else ${user('demo_manager2')} end, owned_since = now()
      from ${numbered} v where b.id = v.id`);
    for (const [residue, owner, assigner] of [
      [1, 'demo_sub2', 'demo_manager'],
      [2, 'demo_sub3', 'demo_sub2'],
      [3, 'demo_shield', 'demo_manager'],
    ] as const) {
      await tx.execute(sql`update boxes b set owner_id = ${user(owner)}, assigned_by = ${user(assigner)}
        from ${numbered} v where b.id = v.id and v.ck = '1001' and v.n % 10 = ${residue}`);
    }
    const share = (who: string, granter: string, permission: 'read' | 'write', where: SQL) =>
      tx.execute(sql`insert into device_shares (box_id, user_id, granted_by, permission)
        select v.id, ${user(who)}, ${user(granter)}, ${permission} from ${numbered} v where ${where} on conflict do nothing`);
    await share('demo_helper', 'demo_manager', 'read', sql`v.ck = '1001' and v.n % 10 = 4 and v.n < 80`);
    await share('demo_helper', 'demo_manager', 'write', sql`v.ck = '1001' and v.n % 10 = 5 and v.n < 80`);
    await share('demo_user', 'demo_manager', 'read', sql`v.ck = '1001' and v.n % 10 = 6 and v.n < 60`);
    await share('demo_helper2', 'demo_manager2', 'read', sql`v.ck = '2002' and v.n % 5 = 0`);
    // SIM renewal (issue 15): four of demo_user's boxes expire this month, the 20th to the 23rd in the company's zone,
    // whatever the random expiry gave them, so that it always has renewals to request. Only their expiry dates change.
    await tx.execute(sql`update boxes b set expiry_date = date_trunc('month', now() at time zone k.time_zone)::date + (19 + v.n / 10)
      from ${numbered} v, ck_codes k where b.id = v.id and k.code = v.ck and v.ck = '1001' and v.n % 10 = 6 and v.n < 40`);
    const grant = (who: string, granter: string, where: SQL) =>
      tx.execute(sql`insert into device_switch_grants (box_id, user_id, granted_by)
        select v.id, ${user(who)}, ${user(granter)} from ${numbered} v where ${where} on conflict do nothing`);
    await grant('demo_helper', 'demo_manager', sql`v.ck = '1001' and v.n % 20 = 5 and v.n < 80`);
    await grant('demo_manager', 'demo_sub2', sql`v.ck = '1001' and v.n % 20 = 1`);
    // demo_manager, top owner of its own boxes, lets the after-sales account switch a few of them.
    await grant('demo_service', 'demo_manager', sql`v.ck = '1001' and v.n % 20 = 0 and v.n < 100`);
    // Boxes sold through the distributors: demo_region's, and demo_district's own (it sees both).
    const sell = (channel: string, where: SQL) =>
      tx.execute(sql`update boxes b set sales_channel_id = ${user(channel)} from ${numbered} v where b.id = v.id and ${where}`);
    await sell('demo_region', sql`v.ck = '1001' and v.n % 10 = 7`);
    await sell('demo_district', sql`v.ck = '1001' and v.n % 10 = 8`);
  });
}

/** Whether the demo boxes have no history yet (a fresh database): none rolled up, none waiting to be. */
async function demoHistoryMissing(db: Db, credentials: readonly BoxOptions[]): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`with demo as (select c.id from controllers c where c.box_id = any(${textArray(credentials.map((box) => String(box.id)))}::text[]))
        select exists (select 1 from rollups_hourly r join demo on demo.id = r.controller_id)
          or exists (select 1 from rollup_queue q join demo on demo.id = q.controller_id) as found`,
  );
  return !row?.found;
}

/**
 * A week of history, fed through the broker and the ingest like live data: the simulator runs its
 * boxes quickly with a clock that steps through the past week, one sample per box every few hours.
 * Resolves when every sample has been acknowledged (stored) or the boxes stopped.
 */
async function backfillHistory(url: string, credentials: readonly BoxOptions[], logger: FleetLogger, now = Date.now()): Promise<void> {
  if (credentials.length === 0) return;
  const steps = (HISTORY_DAYS * 24) / HISTORY_STEP_HOURS;
  const start = now - HISTORY_DAYS * DAY_MS;
  // The simulator's clock runs through the week in a few seconds: each box publishes every
  // interval, so its samples are a few hours of the week apart and always in order.
  const intervalSeconds = 0.3;
  const durationMs = steps * intervalSeconds * 1000;
  const startedAt = performance.now();
  const clock = () => Math.round(start + Math.min(1, (performance.now() - startedAt) / durationMs) * HISTORY_DAYS * DAY_MS);
  const fleet = createFleet({ url, boxes: credentials, intervalSeconds, seed: 7, dropOutRate: 0, clock, logger });
  fleet.start();
  await new Promise((resolve) => setTimeout(resolve, durationMs));
  await fleet.stop();
  const stats = fleet.stats();
  logger.info(`backfilled ${HISTORY_DAYS} days of history: ${stats.messages} messages, ${stats.dataPoints} data points`);
}

/** The live demo fleet: every box publishes every 10 seconds, drops off now and then, and answers writes. */
function startDemoFleet(url: string, credentials: readonly BoxOptions[], logger: FleetLogger): Fleet {
  // The boxes due within a second publish together, so the writer commits them in a few transactions
  // rather than one each: the idle demo server's CPU went from 0.18 to 0.09 of a core.
  const fleet = createFleet({ url, boxes: credentials, intervalSeconds: 10, stepSeconds: 1, seed: 1, logger });
  fleet.start();
  return fleet;
}

/**
 * Demo mode at start: the demo boxes registered (DEMO_BOXES), then, unless DEMO_SIMULATOR=0, in
 * the background (the console is up meanwhile) a week of history on a fresh database and the live
 * fleet. `stop` ends the fleet cleanly (every box says offline).
 */
export async function startDemo(db: Db, app: App, config: Pick<Config, 'demoBoxes' | 'demoSimulator' | 'mqtt'>): Promise<{ stop(): Promise<void> }> {
  const started = Date.now();
  const boxes = await registerDemoBoxes(db, app.services.boxes, config.demoBoxes);
  await relateDemoBoxes(
    db,
    boxes.map((box) => String(box.id)),
  );
  app.log.info({ boxes: boxes.length, ms: Date.now() - started }, 'demo boxes registered');
  if (!config.demoSimulator || boxes.length === 0) return { stop: async () => undefined };
  const logger = { info: (message: string) => app.log.info(`simulator: ${message}`), warn: (message: string) => app.log.warn(`simulator: ${message}`) };
  const url = config.mqtt.url ?? `mqtt://127.0.0.1:${app.services.broker.view.info().tcpPort}`;
  let fleet: Fleet | undefined;
  let stopped = false;
  (async () => {
    if (await demoHistoryMissing(db, boxes)) await backfillHistory(url, boxes, logger);
    if (!stopped) fleet = startDemoFleet(url, boxes, logger);
  })().catch((error: unknown) => app.log.error({ err: error }, 'the demo simulator failed'));
  return {
    async stop() {
      stopped = true;
      await fleet?.stop();
    },
  };
}
