import type { Channel, ChannelInput } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/index.js';
import { queryRows } from '../db/sql.js';
import { ApiError } from '../http/errors.js';

/**
 * The rows of `notice_channels`, a user's own or a company's: how they are read, answered, written
 * and described in the operation log. The secret is written, never answered; an edit without one
 * keeps the stored one, and a webhook must end up with one.
 */

/** Whose channels: one user's own, or the companies' (root's notification management). */
export type ChannelOwner = { userId: number } | 'companies';

/** A channel's row as answered (`channelSchema`), and its secret for the services' own use. */
export interface ChannelRow extends Omit<Channel, 'created_at'> {
  created_ms: number;
  secret: string;
}

/** A channel's new fields; `secret` undefined keeps the stored one, `ck` moves a company's channel. */
export type ChannelChange = Omit<ChannelInput, 'secret'> & { secret: string | undefined; ck?: string };

const columns = sql`id, kind, name, target, secret, secret <> '' as has_secret, language, enabled, ck, user_id,
  (extract(epoch from created_at) * 1000)::float8 as created_ms`;

const ownedBy = (owner: ChannelOwner): SQL => (owner === 'companies' ? sql`ck is not null` : sql`user_id = ${owner.userId}`);

/** A channel as answered: never its secret. */
export function channelOf({ secret: _secret, created_ms, ...row }: ChannelRow): Channel {
  return { ...row, id: Number(row.id), created_at: new Date(Number(created_ms)).toISOString() };
}

/** The owner's channels, a company's by company then id, a user's by id. */
export async function channelsOf(executor: Executor, owner: ChannelOwner, where: SQL = sql`true`): Promise<Channel[]> {
  const order = owner === 'companies' ? sql`ck, id` : sql`id`;
  const rows = await queryRows<ChannelRow>(executor, sql`select ${columns} from notice_channels where ${ownedBy(owner)} and ${where} order by ${order}`);
  return rows.map(channelOf);
}

/** The owner's channel, locked for a change; undefined for none (another owner's is none). */
export async function lockChannel(tx: Executor, owner: ChannelOwner, id: number): Promise<ChannelRow | undefined> {
  const [row] = await queryRows<ChannelRow>(tx, sql`select ${columns} from notice_channels where id = ${id} and ${ownedBy(owner)} for update`);
  return row;
}

/** Adds a channel of a user (`userId`) or of a company (`ck`). */
export async function insertChannel(tx: Executor, owner: { userId: number } | { ck: string }, input: ChannelInput): Promise<ChannelRow> {
  const [userId, ck] = 'userId' in owner ? [owner.userId, null] : [null, owner.ck];
  const [row] = await queryRows<ChannelRow>(
    tx,
    sql`insert into notice_channels (user_id, ck, kind, name, target, secret, language, enabled)
        values (${userId}, ${ck}, ${input.kind}, ${input.name}, ${input.target}, ${input.secret}, ${input.language}, ${input.enabled})
        returning ${columns}`,
  );
  return row!;
}

/** Replaces a locked channel's fields (`before`); a webhook left without a secret is refused. */
export async function replaceChannel(tx: Executor, before: ChannelRow, change: ChannelChange): Promise<ChannelRow> {
  const secret = change.secret ?? before.secret;
  if (change.kind === 'webhook' && secret === '') throw ApiError.invalidInput([{ key: 'channelSecretRequired', field: 'secret' }]);
  const [row] = await queryRows<ChannelRow>(
    tx,
    sql`update notice_channels set ck = ${change.ck ?? before.ck}, kind = ${change.kind}, name = ${change.name}, target = ${change.target},
          secret = ${secret}, language = ${change.language}, enabled = ${change.enabled}, updated_at = now()
        where id = ${before.id} returning ${columns}`,
  );
  return row!;
}

export async function deleteChannel(tx: Executor, id: number): Promise<void> {
  await tx.execute(sql`delete from notice_channels where id = ${id}`);
}

/** What the operation log shows of a channel (never its secret): `[1001 ]webhook https://… (Ops)[ disabled]`. */
export function describeChannel(channel: Pick<Channel, 'kind' | 'name' | 'target' | 'enabled'> & { ck?: string | null }): string {
  const company = channel.ck ? `${channel.ck} ` : '';
  return `${company}${channel.kind} ${channel.target}${channel.name ? ` (${channel.name})` : ''}${channel.enabled ? '' : ' disabled'}`;
}
