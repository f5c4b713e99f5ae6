import type { DeviceTypeEventRules, DeviceTypeSummary, EventRuleView, Language } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { ApiError } from '../../http/errors.js';

export type DeviceTypeService = ReturnType<typeof createDeviceTypeService>;

interface RuleRow {
  id: number;
  code: number;
  register: number;
  register_name: string | null;
  unit: string | null;
  condition: EventRuleView['condition'];
  also: EventRuleView['also'];
  severity: EventRuleView['severity'];
  debounce_s: number;
  clear_hysteresis: number;
  message: string;
  enabled: boolean;
}

/**
 * Device types as every signed-in user reads them: their names, and the event rules that open
 * fault records for their devices, from the database (so rules edited there show), worded in the
 * caller's language.
 */
export function createDeviceTypeService(db: Db) {
  const name = (language: Language) => sql`coalesce(t.name ->> ${language}, t.id)`;

  return {
    async list(language: Language): Promise<DeviceTypeSummary[]> {
      return queryRows<DeviceTypeSummary>(db, sql`select t.id, t.number, ${name(language)} as name from device_types t order by t.id`);
    },

    async eventRules(language: Language, deviceTypeId: string): Promise<DeviceTypeEventRules> {
      const [deviceType] = await queryRows<DeviceTypeSummary>(
        db,
        sql`select t.id, t.number, ${name(language)} as name from device_types t where t.id = ${deviceTypeId} or t.number::text = ${deviceTypeId}`,
      );
      if (!deviceType) throw ApiError.notFound('deviceTypeNotFound');
      const rows = await queryRows<RuleRow>(
        db,
        sql`select e.id, e.code, e.register, g.name ->> ${language} as register_name, g.unit, e.condition, e.also,
              e.severity, e.debounce_s, e.clear_hysteresis, coalesce(e.message ->> ${language}, e.message ->> 'zh') as message, e.enabled
            from event_rules e
            left join device_type_registers g on g.device_type_id = e.device_type_id and g.number = e.register
            where e.device_type_id = ${deviceType.id}
            order by e.code`,
      );
      return { device_type: deviceType, rules: rows.map(ruleOf) };
    },
  };
}

function ruleOf(row: RuleRow): EventRuleView {
  return {
    id: row.id,
    code: row.code,
    register: row.register,
    register_name: row.register_name,
    unit: row.unit ?? '',
    condition: row.condition,
    also: row.also,
    severity: row.severity,
    debounce_s: row.debounce_s,
    clear_hysteresis: row.clear_hysteresis,
    message: row.message,
    enabled: row.enabled,
  };
}
