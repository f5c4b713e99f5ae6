import { deviceState, formatRegisterValue, registerRange, type DeviceRealtime, type Language } from '@cloudbox/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { deviceTypeLayoutRows } from '../../db/schema.js';
import type { Registry } from '../../fleet/registry.js';
import type { DevicePolicy } from '../../access/policy.js';
import { mayRead, mayWrite, type Person } from '../../access/scope.js';
import { ApiError } from '../../http/errors.js';
import { RECENT_ENTRIES, RECENT_PAGE_MS } from './list.js';
import { createRecentAnswers } from './recent.js';
import { resolveDevice } from './resolve.js';

interface StateRow {
  online: boolean;
  ts: number | null;
  values: Record<string, number> | null;
  alert: boolean | null;
  fault: boolean | null;
}

/** The newest value of every register of the device type, named in the caller's language, and the page layout. */
async function realtimeOf(
  deps: { db: Db; registry: Registry; policy: DevicePolicy },
  user: Person,
  language: Language,
  boxId: string,
  station: number,
): Promise<DeviceRealtime> {
  const { db } = deps;
  const device = await resolveDevice(deps.registry, deps.policy, user, boxId, station);
  const { controller, access } = device;
  const typeId = controller.deviceType.id;
  const readable = (register: number | null) => register !== null && mayRead(access, typeId, register);
  const [[state], layout] = await Promise.all([
    queryRows<StateRow>(
      db,
      sql`select boxes.online, date_part('epoch', l.ts) * 1000 as ts, l.values, a.alert, a.fault
          from boxes
          left join latest_values l on l.controller_id = ${controller.id}
          left join lateral (
            select bool_or(severity = 'alert') as alert, bool_or(severity = 'fault') as fault
            from fault_records f where f.controller_id = ${controller.id} and f.ended_at is null
          ) a on true
          where boxes.id = ${device.box.id}`,
    ),
    db
      .select()
      .from(deviceTypeLayoutRows)
      .where(and(eq(deviceTypeLayoutRows.deviceTypeId, typeId), eq(deviceTypeLayoutRows.alias, '')))
      .orderBy(asc(deviceTypeLayoutRows.row)),
  ]);
  if (!state) throw ApiError.notFound('boxNotFound');
  const values = state.values ?? {};
  return {
    box_id: device.box.id,
    controller_id: controller.station,
    status: deviceState({ online: state.online, alert: state.alert ?? false, fault: state.fault ?? false }),
    ts: state.ts === null ? null : Number(state.ts),
    registers: [...controller.deviceType.registers.values()]
      .filter((register) => readable(register.number))
      .map((register) => {
        const value = values[register.number];
        const range = registerRange(register);
        return {
          number: register.number,
          name: register.name[language],
          unit: register.unit,
          value: value ?? null,
          display: value === undefined ? null : formatRegisterValue(value, register, language),
          // Writable for this caller: the register is, and the caller may write it.
          writable: register.writable && mayWrite(access, typeId, { number: register.number, onOff: register.onOff ?? false }),
          format: register.format,
          decimals: register.decimals,
          min: range.min,
          max: range.max,
          choices: register.enum ? Object.entries(register.enum).map(([choice, labels]) => ({ value: Number(choice), label: labels[language] })) : null,
        };
      }),
    // A row shows what the caller may read of it; a row with nothing readable is left out.
    layout: layout
      .filter((row) => readable(row.register1) || readable(row.register2))
      .map((row) => {
        const cells = [
          { name: row.name1[language], register: row.register1 },
          { name: row.name2?.[language] ?? '', register: row.register2 },
        ].filter((cell): cell is { name: string; register: number } => readable(cell.register));
        const [first, second] = cells as [{ name: string; register: number }, ...{ name: string; register: number }[]];
        return { row: row.row, name1: first.name, register1: first.register, name2: second?.name ?? null, register2: second?.register ?? null };
      }),
  };
}

/**
 * The newest values of a device, reused for a second per user, language and device like list
 * pages: values reach a box's viewers at most once a second anyway (live, over the WebSocket).
 */
export function createDeviceRealtime(deps: { db: Db; registry: Registry; policy: DevicePolicy; now: () => Date }) {
  const recentRealtime = createRecentAnswers<DeviceRealtime>({ ttlMs: RECENT_PAGE_MS, maxEntries: RECENT_ENTRIES });
  return {
    forgetUsers: (userIds: readonly number[]) => recentRealtime.forgetUsers(userIds),

    realtime(user: Person, language: Language, boxId: string, station: number): Promise<DeviceRealtime> {
      const window = Math.floor(deps.now().getTime() / RECENT_PAGE_MS);
      return recentRealtime.get(user.id, [language, boxId, station, window], () => realtimeOf(deps, user, language, boxId, station));
    },
  };
}
