import type { BoxConfigContent, BoxConfigDeliveryQuery, BoxConfigDeliveryView, BoxConfigList, Language, Page, UploadBoxConfigInput } from '@cloudbox/domain';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { ApiError } from '../../http/errors.js';
import type { OperationLogService } from '../oplog/service.js';
import type { BoxDelivery, Outgoing } from './delivery.js';
import { iso, paged, type Caller } from './sql.js';

const VERSION_COLUMNS = sql`c.id, c.version, c.file_name, c.sha256, octet_length(c.content)::int as bytes, u.username as uploaded_by, ${iso(sql`c.created_at`)} as created_at`;

/**
 * A box model's configuration files (config/upload and config/protocol): one versioned file per
 * language, and the newest sent to every box reporting the model, each delivery followed per box.
 */
export function createBoxConfigs(deps: { db: Db; oplog: OperationLogService; delivery: BoxDelivery }) {
  const { db, oplog, delivery } = deps;

  async function modelOf(executor: Executor, id: number, lock = false): Promise<{ id: number; name: string }> {
    const [model] = await queryRows<{ id: number; name: string }>(
      executor,
      sql`select id, name from box_models where id = ${id} ${lock ? sql`for update` : sql``}`,
    );
    if (!model) throw ApiError.notFound('boxModelNotFound');
    return model;
  }

  return {
    async versions(id: number, language: Language): Promise<BoxConfigList> {
      const model = await modelOf(db, id);
      const versions = await queryRows<BoxConfigList['versions'][number]>(
        db,
        sql`select ${VERSION_COLUMNS} from box_model_configs c left join users u on u.id = c.uploaded_by
          where c.model_id = ${id} and c.language = ${language} order by c.version desc`,
      );
      return { model, language, versions };
    },

    async content(id: number, language: Language, version: number): Promise<BoxConfigContent> {
      await modelOf(db, id);
      const [row] = await queryRows<BoxConfigContent>(
        db,
        sql`select ${VERSION_COLUMNS}, c.content from box_model_configs c left join users u on u.id = c.uploaded_by
          where c.model_id = ${id} and c.language = ${language} and c.version = ${version}`,
      );
      if (!row) throw ApiError.notFound('configVersionNotFound');
      return row;
    },

    /** Stores the file as the next version (the model row is locked, so two uploads never take one number). */
    async upload(caller: Caller, id: number, language: Language, input: UploadBoxConfigInput): Promise<number> {
      const sha256 = createHash('sha256').update(input.content, 'utf8').digest('hex');
      return db.transaction(async (tx) => {
        const model = await modelOf(tx, id, true);
        const [created] = await queryRows<{ version: number }>(
          tx,
          sql`insert into box_model_configs (model_id, language, version, file_name, content, sha256, uploaded_by)
            select ${id}, ${language}, coalesce(max(version), 0) + 1, ${input.file_name.trim()}, ${input.content}, ${sha256}, ${caller.user.id}
            from box_model_configs where model_id = ${id} and language = ${language} returning version`,
        );
        const version = created!.version;
        await oplog.record(tx, {
          userId: caller.user.id,
          username: caller.user.username,
          ip: caller.ip,
          action: 'upload_box_config',
          newValue: `${model.name} ${language} v${version} ${sha256}`,
        });
        return version;
      });
    },

    /**
     * Sends the newest version to every box of the model (boxes.model = its name): one delivery per
     * box, queued until the box is online. A box's older delivery of this model and language still
     * on its way is superseded (failed), so a box that comes back gets only the newest.
     */
    async send(caller: Caller, id: number, language: Language): Promise<{ version: number; boxes: number }> {
      const outgoing = await db.transaction(async (tx) => {
        const model = await modelOf(tx, id, true);
        const [newest] = await queryRows<{ id: number; version: number }>(
          tx,
          sql`select id, version from box_model_configs where model_id = ${id} and language = ${language} order by version desc limit 1`,
        );
        if (!newest) throw ApiError.rejected('configNothingToSend');
        await tx.execute(sql`update box_config_deliveries d set state = 'failed', error = 'superseded', updated_at = now()
          from box_model_configs c where c.id = d.config_id and c.model_id = ${id} and c.language = ${language} and c.id <> ${newest.id}
            and d.state in ('queued', 'sent')`);
        const label = `${model.name} ${language} v${newest.version}`;
        await oplog.recordEach(tx, caller, 'send_box_config', sql`select ck, id, null::text, ${label}::text from boxes where model = ${model.name}`);
        const rows = await queryRows<{ boxId: string; deliveryId: string; configId: number }>(
          tx,
          sql`insert into box_config_deliveries (box_id, config_id) select id, ${newest.id} from boxes where model = ${model.name}
            on conflict (box_id, config_id) do update set state = 'queued', delivery_id = gen_random_uuid(), sent_at = null, acked_at = null,
              error = null, updated_at = now()
            returning box_id as "boxId", delivery_id as "deliveryId", config_id as "configId"`,
        );
        const [file] = await queryRows<{ sha256: string; content: string }>(tx, sql`select sha256, content from box_model_configs where id = ${newest.id}`);
        return {
          version: newest.version,
          items: rows.map((row): Outgoing => ({ ...row, kind: 'config', version: newest.version, sha256: file!.sha256, content: file!.content })),
        };
      });
      delivery.deliver(outgoing.items);
      return { version: outgoing.version, boxes: outgoing.items.length };
    },

    /** The deliveries of this model's files in this language, newest first. */
    async deliveries(id: number, language: Language, query: BoxConfigDeliveryQuery): Promise<Page<BoxConfigDeliveryView>> {
      await modelOf(db, id);
      const from = sql`from box_config_deliveries d join box_model_configs c on c.id = d.config_id join boxes b on b.id = d.box_id
        where c.model_id = ${id} and c.language = ${language} ${query.state ? sql`and d.state = ${query.state}` : sql``}`;
      const [total] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total ${from}`);
      const items = await queryRows<BoxConfigDeliveryView>(
        db,
        sql`select d.box_id, b.online, c.version, d.state, ${iso(sql`d.sent_at`)} as sent_at, ${iso(sql`d.acked_at`)} as acked_at, d.error,
            ${iso(sql`d.updated_at`)} as updated_at
          ${from} order by d.updated_at desc, d.box_id ${paged(query.page, query.page_size)}`,
      );
      return { total: total?.total ?? 0, items };
    },
  };
}
