import type { Channel, CompanyChannelInput, CompanyChannelUpdate } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { ApiError } from '../../http/errors.js';
import { channelOf, channelsOf, deleteChannel, describeChannel, insertChannel, lockChannel, replaceChannel, type ChannelRow } from '../../notices/channels.js';
import type { Actor, OperationLogService } from '../oplog/service.js';
import { auditor } from './audit.js';

const notFound = () => ApiError.notFound('companyChannelNotFound');

/** The CK must exist: a field error naming it. */
async function checkCk(executor: Executor, ck: string): Promise<void> {
  const [row] = await queryRows<{ code: string }>(executor, sql`select code from ck_codes where code = ${ck}`);
  if (!row) throw ApiError.invalidInput([{ key: 'ckUnknown', params: { ck }, field: 'ck' }]);
}

/** A company's channel, locked for the change; 404 for none and for a user's own. */
async function companyChannel(tx: Executor, id: number): Promise<ChannelRow> {
  const row = await lockChannel(tx, 'companies', id);
  if (!row) throw notFound();
  return row;
}

/**
 * A company's channels (its group robots, its shared mailbox): every event on the company's boxes
 * goes through them, within the push settings. The rows, the secret rule and the audit wording are
 * the user channels' (notices/channels.ts).
 */
export function createCompanyChannels(deps: { db: Db; oplog: OperationLogService }) {
  const { db } = deps;
  const audit = auditor(deps.oplog);

  return {
    listCompanyChannels(): Promise<Channel[]> {
      return channelsOf(db, 'companies');
    },

    async createCompanyChannel(actor: Actor, input: CompanyChannelInput): Promise<Channel> {
      return db.transaction(async (tx) => {
        await checkCk(tx, input.ck);
        const row = await insertChannel(tx, { ck: input.ck }, input);
        await audit(tx, actor, 'add_notice_channel', { newValue: describeChannel(input) });
        return channelOf(row);
      });
    },

    async updateCompanyChannel(actor: Actor, id: number, input: CompanyChannelUpdate): Promise<Channel> {
      return db.transaction(async (tx) => {
        const before = await companyChannel(tx, id);
        await checkCk(tx, input.ck);
        const row = await replaceChannel(tx, before, input);
        await audit(tx, actor, 'edit_notice_channel', { oldValue: describeChannel(before), newValue: describeChannel(input) });
        return channelOf(row);
      });
    },

    async removeCompanyChannel(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await companyChannel(tx, id);
        await deleteChannel(tx, id);
        await audit(tx, actor, 'delete_notice_channel', { oldValue: describeChannel(before) });
      });
    },
  };
}
