import { sql, type SQL } from 'drizzle-orm';

/**
 * The run state in SQL (domain devices/run-state.ts), over the device list's rows: `boxes`, the
 * stop state of the controller's type `s` and its latest values `l` (left joins of `deviceRows`,
 * which PostgreSQL drops from queries that do not read them).
 */

/**
 * Whether the decoded `value` meets the jsonb `condition`: the domain's `conditionMet` without a
 * previous value (`change` never holds), written for SQL. run-state.test.ts holds the two to the
 * same answers.
 */
export function conditionSql(condition: SQL, value: SQL): SQL {
  const number = (field: string) => sql`(${condition} ->> ${field})::float8`;
  return sql`coalesce(case ${condition} ->> 'type'
    when 'threshold' then case ${condition} ->> 'op'
      when '>' then ${value} > ${number('value')}
      when '>=' then ${value} >= ${number('value')}
      when '<' then ${value} < ${number('value')}
      when '<=' then ${value} <= ${number('value')} end
    when 'range' then (${value} >= ${number('low')} and ${value} <= ${number('high')}) = (${condition} ->> 'inside')::boolean
    when 'bit' then (mod(floor(${value} / 2 ^ ${number('bit')})::numeric, 2) = 1) = coalesce((${condition} ->> 'set')::boolean, true)
    when 'equals' then exists (select 1 from jsonb_array_elements_text(${condition} -> 'values') e(v) where e.v::float8 = ${value})
    end, false)`;
}

/** The stop-state register's latest value; null when it has none. */
const STOP_VALUE = sql`(l.values ->> s.register::text)::float8`;

/** running / stopped / unknown of a device list row. */
export const RUN_STATE = sql`(case when boxes.online and ${STOP_VALUE} is not null
  then case when ${conditionSql(sql`s.condition`, STOP_VALUE)} then 'stopped' else 'running' end
  else 'unknown' end)`;

/** The joins RUN_STATE reads, for `deviceRows`. */
export const RUN_STATE_JOINS = sql`left join device_type_stop_states s on s.device_type_id = c.device_type_id
    left join latest_values l on l.controller_id = c.id`;
