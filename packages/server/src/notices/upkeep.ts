import { LANGUAGES, MESSAGES } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import { numberArray, queryRows } from '../db/sql.js';
import { runStatusSql } from './sql.js';

/** Values that arrived on other instances (or before a reminder existed) are judged this often. */
const SWEEP_MS = 30_000;

export type UpkeepEvaluation = ReturnType<typeof createUpkeepEvaluation>;

/**
 * "Upkeep due: {parameter} is {value} (limit {judge})" in every language, as SQL over `j` (the
 * judged rows): the reminder's parameter, the value and the judge value put in.
 */
function dueMessage(): SQL {
  const parts = LANGUAGES.map(
    (language) =>
      sql`${language}::text, replace(replace(replace(${MESSAGES[language].upkeepDue}::text, '{parameter}', j.parameter), '{value}', j.value::text), '{judge}', j.judge_value::text)`,
  );
  return sql`jsonb_build_object(${sql.join(parts, sql`, `)})`;
}

/**
 * One pass over the latest values of the controllers `which` selects (on `l`, latest_values):
 * each enabled reminder whose range covers the controller's box and whose type is the
 * controller's judges its register (`online`: whether the box counts as online, on `b`). A value that reached the judge value while the reminder was
 * not due sets the state due and writes a notice event ('upkeep', 'due') in the same statement; a
 * value back on the other side sets it not due (told nothing). The state row's conditional upsert
 * is the guard: of two passes at once, on this instance or another, one changes the row and the
 * other, waiting for its lock, finds nothing to change, so each crossing is told once.
 */
function evaluation(which: SQL, online: SQL): SQL {
  return sql`with judged as (
      select r.id as reminder_id, c.id as controller_id, c.box_id, r.register, r.parameter, r.judge_value, ${online} as online, l.ts,
        (l.values ->> r.register::text)::float8 as value,
        case when r.direction = 'below' then (l.values ->> r.register::text)::float8 <= r.judge_value
          else (l.values ->> r.register::text)::float8 >= r.judge_value end as reached
      from latest_values l
      join controllers c on c.id = l.controller_id
      join boxes b on b.id = c.box_id
      join upkeep_reminders r on r.enabled and r.device_type_id = c.device_type_id
        and r.start_number <= c.box_id::numeric and r.end_number >= c.box_id::numeric
      where ${which} and jsonb_typeof(l.values -> r.register::text) = 'number'
    ),
    changed as (
      insert into upkeep_states (reminder_id, controller_id, due, changed_at)
      select reminder_id, controller_id, reached, now() from judged order by reminder_id, controller_id
      on conflict (reminder_id, controller_id) do update set due = excluded.due, changed_at = now()
        where upkeep_states.due is distinct from excluded.due
      returning reminder_id, controller_id, due
    )
    insert into notice_events (type, phase, box_id, controller_id, upkeep_reminder_id, register, value, message, run_status, occurred_at)
    select 'upkeep', 'due', j.box_id, j.controller_id, j.reminder_id, j.register, j.value, ${dueMessage()},
      ${runStatusSql(sql`j.online`, sql`j.controller_id`)}, j.ts
    from changed ch join judged j on j.reminder_id = ch.reminder_id and j.controller_id = ch.controller_id
    where ch.due
    returning id`;
}

/**
 * Upkeep reminders judged on the values as they arrive: after each ingest batch commits (its
 * controllers), and every 30 s over every controller (values written by other instances, reminders
 * added since). Each pass is one set-based statement; new events wake the fan-out. While no enabled
 * reminder exists (a count refreshed at each sweep and after each change here) nothing is asked.
 */
export function createUpkeepEvaluation(deps: { db: Db; logger: FastifyBaseLogger; wake(): void; sweepMs?: number }) {
  const { db, logger } = deps;
  let reminders = 0;
  let pending = new Set<number>();
  let sweepAsked = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function refresh(): Promise<void> {
    const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from upkeep_reminders where enabled`);
    reminders = row?.count ?? 0;
  }

  async function pass(which: SQL, online: SQL): Promise<void> {
    const events = await queryRows<{ id: number }>(db, evaluation(which, online));
    if (events.length > 0) deps.wake();
  }

  async function run(): Promise<void> {
    while (sweepAsked || pending.size > 0) {
      const sweep = sweepAsked;
      const controllers = [...pending];
      sweepAsked = false;
      pending = new Set();
      try {
        if (sweep) await refresh();
        if (reminders === 0) continue;
        // Controllers that just sent are online, whether or not the status writer recorded it yet (as the ingest says).
        if (sweep) await pass(sql`true`, sql`b.online`);
        else await pass(sql`l.controller_id = any(${numberArray(controllers)}::int[])`, sql`true`);
      } catch (error) {
        logger.warn({ err: error }, 'judging upkeep reminders failed; the next sweep tries again');
      }
    }
  }

  function kick(): void {
    if (running) return;
    running = run().finally(() => {
      running = undefined;
      // Asked for between the last pass and now.
      if (sweepAsked || pending.size > 0) kick();
    });
  }

  return {
    /** An ingest batch committed values of these controllers. */
    committed(controllerIds: readonly number[]): void {
      if (reminders === 0 || controllerIds.length === 0) return;
      for (const id of controllerIds) pending.add(id);
      kick();
    },

    /** Reminders changed (here): count them again and judge every controller now. */
    remindersChanged(): void {
      sweepAsked = true;
      kick();
    },

    /** Resolves when the passes asked so far are done (tests). */
    async settled(): Promise<void> {
      while (running) await running;
    },

    start(): void {
      timer = setInterval(() => {
        sweepAsked = true;
        kick();
      }, deps.sweepMs ?? SWEEP_MS);
      timer.unref();
      sweepAsked = true;
      kick();
    },

    async close(): Promise<void> {
      clearInterval(timer);
      await this.settled();
    },
  };
}
