import type { CommandView, Register } from '@cloudbox/domain';
import type { CommandRow } from '../../db/schema.js';

/** A command's id is a UUID: anything else names no command (and would make PostgreSQL refuse the query). */
export const COMMAND_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The states of a command still waiting for its box. */
export const PENDING: CommandRow['state'][] = ['queued', 'sent'];

export function viewOf(row: CommandRow): CommandView {
  return {
    id: row.id,
    box_id: row.boxId,
    controller_id: row.station,
    register: row.register,
    value: row.value,
    state: row.state,
    error: row.error,
    result_value: row.resultValue,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    acked_at: row.ackedAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
  };
}

/** A value as the operation log shows it: with the register's decimals, or the code of a choice. */
export function shown(value: number, register: Register): string {
  return register.format === 'number' ? value.toFixed(register.decimals) : String(value);
}
