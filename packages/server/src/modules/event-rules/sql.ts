import type { EventRuleItem, Language, LocalizedText } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';

/** A rule as the list reads it: names in the caller's language, times as epoch ms. */
export interface RuleRow extends Omit<EventRuleItem, 'device_type' | 'messages' | 'updated_at'> {
  device_type_id: string;
  device_type_number: number;
  device_type_name: string;
  messages: LocalizedText;
  updated_ms: number;
}

/**
 * The rules matching `where` (on `e`, event_rules), by type and code: each register's name and unit
 * as the type declares it now, the further registers' too (in their order).
 */
export function ruleRows(language: Language, where: SQL): SQL {
  return sql`select e.id, e.device_type_id, t.number as device_type_number, coalesce(t.name ->> ${language}, t.id) as device_type_name,
      e.code, e.register, g.name ->> ${language} as register_name, coalesce(g.unit, '') as unit, e.condition,
      (select coalesce(jsonb_agg(a.value || jsonb_build_object('register_name', r.name ->> ${language}, 'unit', coalesce(r.unit, '')) order by a.position), '[]'::jsonb)
        from jsonb_array_elements(e.also) with ordinality as a(value, position)
        left join device_type_registers r on r.device_type_id = e.device_type_id and r.number = (a.value ->> 'register')::int) as also,
      e.severity, e.debounce_s, e.clear_hysteresis, coalesce(e.message ->> ${language}, e.message ->> 'zh', '') as message, e.message as messages,
      e.enabled, date_part('epoch', e.updated_at) * 1000 as updated_ms
    from event_rules e
    join device_types t on t.id = e.device_type_id
    left join device_type_registers g on g.device_type_id = e.device_type_id and g.number = e.register
    where ${where}
    order by t.number, e.code`;
}

export function ruleItemOf(row: RuleRow): EventRuleItem {
  const { device_type_id, device_type_number, device_type_name, updated_ms, ...rule } = row;
  return {
    ...rule,
    id: Number(rule.id),
    device_type: { id: device_type_id, number: device_type_number, name: device_type_name },
    debounce_s: Number(rule.debounce_s),
    clear_hysteresis: Number(rule.clear_hysteresis),
    updated_at: new Date(Number(updated_ms)).toISOString(),
  };
}
