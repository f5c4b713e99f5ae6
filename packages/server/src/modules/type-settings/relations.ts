import type { Language, TypeRelationInput, TypeRelationView } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.js';
import { queryRows, textArray } from '../../db/sql.js';
import { ApiError } from '../../http/errors.js';
import type { Actor } from '../oplog/service.js';
import type { TypeSettingsDeps } from './service.js';

type Entry = TypeRelationInput['types'][number];

/** How the operation log shows a model's types: `maglev_blower@1, generic_plc@2`. */
const describe = (types: readonly Entry[]) => types.map((entry) => `${entry.device_type}@${entry.default_station}`).join(', ');

/** Which controller types each box model carries, with their default stations (`box_model_device_types`). */
export function createRelations({ db, oplog }: TypeSettingsDeps) {
  async function relationsOf(executor: Executor, language: Language, modelId?: number): Promise<TypeRelationView[]> {
    const rows = await queryRows<{ id: number; name: string; remark: string; types: TypeRelationView['types'] }>(
      executor,
      sql`select m.id, m.name, m.remark,
            coalesce((select jsonb_agg(jsonb_build_object('device_type', r.device_type_id, 'name', coalesce(t.name ->> ${language}, t.id),
                                                          'default_station', r.default_station) order by r.default_station, r.device_type_id)
                      from box_model_device_types r join device_types t on t.id = r.device_type_id
                      where r.box_model_id = m.id), '[]'::jsonb) as types
          from box_models m ${modelId === undefined ? sql`` : sql`where m.id = ${modelId}`}
          order by m.name`,
    );
    return rows.map(({ types, ...model }) => ({ box_model: model, types }));
  }

  return {
    list: (language: Language) => relationsOf(db, language),

    /** Replaces the model's types in one transaction with its operation-log entry; every type must exist. */
    async save(actor: Actor, modelId: number, input: { types: Entry[] }, language: Language): Promise<TypeRelationView> {
      const wanted = input.types.map((entry) => entry.device_type);
      const known = new Set(
        (await queryRows<{ id: string }>(db, sql`select id from device_types where id = any(${textArray(wanted)}::text[])`)).map((row) => row.id),
      );
      const unknown = input.types.flatMap((entry, index) =>
        known.has(entry.device_type)
          ? []
          : [{ field: `types.${index}.device_type`, key: 'deviceTypeUnknown' as const, params: { deviceType: entry.device_type } }],
      );
      if (unknown.length > 0) throw ApiError.invalidInput(unknown.slice(0, 10));
      return db.transaction(async (tx) => {
        const [model] = await queryRows<{ name: string }>(tx, sql`select name from box_models where id = ${modelId} for update`);
        if (!model) throw ApiError.notFound('boxModelNotFound');
        const before = await queryRows<Entry>(
          tx,
          sql`select device_type_id as device_type, default_station from box_model_device_types where box_model_id = ${modelId} order by default_station, device_type_id`,
        );
        const after = [...input.types].sort((a, b) => a.default_station - b.default_station || a.device_type.localeCompare(b.device_type));
        if (describe(before) !== describe(after)) {
          await tx.execute(sql`delete from box_model_device_types where box_model_id = ${modelId}`);
          for (const entry of after) {
            await tx.execute(
              sql`insert into box_model_device_types (box_model_id, device_type_id, default_station) values (${modelId}, ${entry.device_type}, ${entry.default_station})`,
            );
          }
          await oplog.record(tx, {
            userId: actor.user.id,
            username: actor.user.username,
            ip: actor.ip,
            action: 'set_box_model_types',
            oldValue: `${model.name}: ${describe(before)}`,
            newValue: `${model.name}: ${describe(after)}`,
          });
        }
        const [view] = await relationsOf(tx, language, modelId);
        return view!;
      });
    },
  };
}
