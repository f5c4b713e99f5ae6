import type { Language, TypeRegisters } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import type { OperationLogService } from '../oplog/service.js';
import { createLayouts } from './layouts.js';
import { createRelations } from './relations.js';

export interface TypeSettingsDeps {
  db: Db;
  oplog: OperationLogService;
  /** Tells every instance to reload these device types (the bus's `device-types-changed`), after the commit. */
  deviceTypesChanged(deviceTypeIds: string[]): void;
}

export type TypeSettingsService = ReturnType<typeof createTypeSettingsService>;

/** A device type's settings beside its protocol (root): page layouts per alias, box-model relations, the registers templates name. */
export function createTypeSettingsService(deps: TypeSettingsDeps) {
  return {
    layouts: createLayouts(deps),
    relations: createRelations(deps),

    /** Every device type with its registers in the caller's language, in the protocol's order. */
    registers(language: Language): Promise<TypeRegisters> {
      return queryRows<TypeRegisters[number]>(
        deps.db,
        sql`select t.id, t.number, coalesce(t.name ->> ${language}, t.id) as name,
              coalesce((select jsonb_agg(jsonb_build_object('number', r.number, 'name', coalesce(r.name ->> ${language}, r.number::text), 'writable', r.writable)
                                 order by r.position, r.number)
                        from device_type_registers r where r.device_type_id = t.id), '[]'::jsonb) as registers
            from device_types t order by t.number`,
      );
    },
  };
}
