import type { Channel, CompanyChannelInput, CompanyChannelUpdate } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { ApiError } from '../../http/errors.js';
import type { Actor, OperationLogService } from '../oplog/service.js';
import { auditor } from './audit.js';
import { channelOf, channelRows, type ChannelRow } from './sql.js';

const notFound = () => ApiError.notFound('companyChannelNotFound');

/** What the operation log shows of a channel (never its secret): `1001 webhook "Ops" https://… en`. */
function describe(channel: Pick<Channel, 'ck' | 'kind' | 'name' | 'target' | 'language' | 'enabled'>): string {
  return `${channel.ck} ${channel.kind} "${channel.name}" ${channel.target} ${channel.language}${channel.enabled ? '' : ' disabled'}`;
}

/** The CK must exist: a field error naming it. */
async function checkCk(executor: Executor, ck: string): Promise<void> {
  const [row] = await queryRows<{ code: string }>(executor, sql`select code from ck_codes where code = ${ck}`);
  if (!row) throw ApiError.invalidInput([{ key: 'ckUnknown', params: { ck }, field: 'ck' }]);
}

/**
 * A company's channels (its group robots, its shared mailbox): every event on the company's boxes
 * goes through them, within the push settings. The secret is written, never answered; an empty
 * secret on an edit keeps the stored one (a webhook without one is refused).
 */
export function createCompanyChannels(deps: { db: Db; oplog: OperationLogService }) {
  const { db } = deps;
  const audit = auditor(deps.oplog);

  async function one(id: number, executor: Executor = db): Promise<Channel> {
    const [row] = await queryRows<ChannelRow>(executor, channelRows(sql`id = ${id}`));
    if (!row) throw notFound();
    return channelOf(row);
  }

  return {
    async listCompanyChannels(): Promise<Channel[]> {
      return (await queryRows<ChannelRow>(db, channelRows(sql`true`))).map(channelOf);
    },

    async createCompanyChannel(actor: Actor, input: CompanyChannelInput): Promise<Channel> {
      const id = await db.transaction(async (tx) => {
        await checkCk(tx, input.ck);
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into notice_channels (ck, kind, name, target, secret, language, enabled)
              values (${input.ck}, ${input.kind}, ${input.name}, ${input.target}, ${input.secret}, ${input.language}, ${input.enabled})
              returning id`,
        );
        await audit(tx, actor, 'add_notice_channel', { newValue: describe(input) });
        return row!.id;
      });
      return one(id);
    },

    async updateCompanyChannel(actor: Actor, id: number, input: CompanyChannelUpdate): Promise<Channel> {
      await db.transaction(async (tx) => {
        const [before] = await queryRows<ChannelRow & { secret: string }>(
          tx,
          sql`select ck, kind, name, target, secret, language, enabled from notice_channels where id = ${id} and ck is not null for update`,
        );
        if (!before) throw notFound();
        await checkCk(tx, input.ck);
        const secret = input.secret ?? before.secret;
        if (input.kind === 'webhook' && secret === '') throw ApiError.invalidInput([{ key: 'channelSecretRequired', field: 'secret' }]);
        await tx.execute(
          sql`update notice_channels set ck = ${input.ck}, kind = ${input.kind}, name = ${input.name}, target = ${input.target}, secret = ${secret},
                language = ${input.language}, enabled = ${input.enabled}, updated_at = now()
              where id = ${id}`,
        );
        await audit(tx, actor, 'edit_notice_channel', { oldValue: describe(before), newValue: describe(input) });
      });
      return one(id);
    },

    async removeCompanyChannel(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await queryRows<ChannelRow>(
          tx,
          sql`select ck, kind, name, target, language, enabled from notice_channels where id = ${id} and ck is not null for update`,
        );
        if (!before) throw notFound();
        await tx.execute(sql`delete from notice_channels where id = ${id}`);
        await audit(tx, actor, 'delete_notice_channel', { oldValue: describe(before) });
      });
    },
  };
}
