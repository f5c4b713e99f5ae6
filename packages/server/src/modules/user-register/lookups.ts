import type { MessageKey, TemplateRights } from '@cloudbox/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { users, type UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { isManager, mayReceive, reachesCk, withinRights } from '../../access/relations.js';
import { boxRows, ownRights, templateRows, texts, type BoxRelationRow } from './sql.js';

/** Who calls, and from where (the operation log keeps the address). */
export interface Caller {
  user: UserRow;
  ip: string;
}

export type Template = { id: number; name: string; rights: TemplateRights };

export const notFound = (key: MessageKey) => ApiError.rejected(key, undefined, 404);

export type Lookups = ReturnType<typeof createLookups>;

/**
 * The users, boxes and models a call names, each found only where the caller may name it: one of
 * another CK, or not the caller's to change, answers like a missing one.
 */
export function createLookups(db: Db) {
  async function userById(id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /** A template of the CK, or null; another CK's template is answered like a missing one. */
  async function templateOf(ck: string, id: number | null): Promise<Template | null> {
    if (id === null) return null;
    const [row] = await templateRows(db, sql`id = ${id} and ck = ${ck}`);
    if (!row) throw ApiError.invalidInput([{ field: 'template_id', key: 'templateNotFound' }]);
    return row;
  }

  /** Boxes of the caller's CK (root: any) by id; a missing one or one of another CK is not found. */
  async function boxesById(caller: Caller, boxIds: readonly string[]): Promise<BoxRelationRow[]> {
    const rows = await boxRows(db, sql`id = any(${texts(boxIds)})`);
    const visible = rows.filter((row) => reachesCk(caller.user, row.ck));
    if (visible.length !== new Set(boxIds).size) throw notFound('boxNotFound');
    return visible;
  }

  return {
    userById,
    boxesById,

    /** A user of the caller's CK (root: any CK) that the caller may share with or grant to. */
    async receiver(caller: Caller, userId: number): Promise<UserRow> {
      const target = await userById(userId);
      if (!target || !mayReceive(caller.user, target)) throw notFound('shareTargetInvalid');
      return target;
    },

    async ownHelper(caller: Caller, helperId: number): Promise<UserRow> {
      const helper = await userById(helperId);
      if (!helper || helper.parentId !== caller.user.id || isManager(helper)) throw notFound('notYourHelper');
      return helper;
    },

    async subordinateManager(caller: Caller, userId: number): Promise<UserRow> {
      const manager = await userById(userId);
      if (!manager || manager.parentId !== caller.user.id || !isManager(manager)) throw notFound('notSubordinateManager');
      return manager;
    },

    /** A model the caller may give a user of the CK: one of the CK, and no more than the caller's own. */
    async givableTemplate(caller: Caller, ck: string, id: number | null): Promise<Template | null> {
      const given = await templateOf(ck, id);
      if (!withinRights(given?.rights ?? null, await ownRights(db, caller.user.id))) {
        throw ApiError.invalidInput([{ field: 'template_id', key: 'templateBeyondOwn' }]);
      }
      return given;
    },

    /** Boxes of the caller's CK that it owns, all of them, or 403. */
    async ownedBoxes(caller: Caller, boxIds: readonly string[]): Promise<string[]> {
      const rows = await boxesById(caller, boxIds);
      if (rows.some((row) => row.owner_id !== caller.user.id)) throw ApiError.forbidden('deviceNotOwned');
      return rows.map((row) => row.id);
    },
  };
}
