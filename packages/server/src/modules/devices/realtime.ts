import {
  deviceState,
  formatRegisterValue,
  registerRange,
  type DeviceRealtime,
  type Language,
  type LocalizedText,
  type UnlockRegisters,
} from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import type { Registry } from '../../fleet/registry.js';
import type { DevicePolicy } from '../../access/policy.js';
import { mayRead, mayWrite, type Person } from '../../access/scope.js';
import { ApiError } from '../../http/errors.js';
import { RECENT_ENTRIES, RECENT_PAGE_MS } from './list.js';
import { createRecentAnswers } from './recent.js';
import { resolveDevice } from './resolve.js';

interface StateRow {
  unlock: UnlockRegisters | null;
  online: boolean;
  ts: number | null;
  values: Record<string, number> | null;
  alert: boolean | null;
  fault: boolean | null;
}

interface LayoutRow {
  row: number;
  name1: LocalizedText;
  register1: number;
  name2: LocalizedText | null;
  register2: number | null;
}

/**
 * The page layout a box's company reads: the rows of the type's alias that belongs to the box's CK
 * (`device_type_aliases.ck`) when that alias has rows of its own, else the type's own ('').
 */
function layoutOf(db: Db, typeId: string, ck: string): Promise<LayoutRow[]> {
  return queryRows<LayoutRow>(
    db,
    sql`select row, name1, register1, name2, register2 from device_type_layout_rows
        where device_type_id = ${typeId}
          and alias = coalesce((select a.alias from device_type_aliases a
                                where a.device_type_id = ${typeId} and a.ck = ${ck}
                                  and exists (select 1 from device_type_layout_rows x where x.device_type_id = a.device_type_id and x.alias = a.alias)
                                order by a.alias limit 1), '')
        order by row`,
  );
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
      sql`select (select t.unlock from device_types t where t.id = ${typeId}) as unlock, boxes.online, date_part('epoch', l.ts) * 1000 as ts, l.values, a.alert, a.fault
          from boxes
          left join latest_values l on l.controller_id = ${controller.id}
          left join lateral (
            select bool_or(severity = 'alert') as alert, bool_or(severity = 'fault') as fault
            from fault_records f where f.controller_id = ${controller.id} and f.ended_at is null
          ) a on true
          where boxes.id = ${device.box.id}`,
    ),
    layoutOf(db, typeId, device.box.ck),
  ]);
  if (!state) throw ApiError.notFound('boxNotFound');
  const values = state.values ?? {};
  const unlock = state.unlock && readable(state.unlock.hint) && readable(state.unlock.state) ? state.unlock : null;
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
    unlock,
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
