import { formatMessage, LANGUAGES, type Language, type LocalizedText, type RechargeTips, type RechargeTipsChange, type ShownTip } from '@cloudbox/domain';
import { eq } from 'drizzle-orm';
import { ckExists } from '../../db/ck-codes.js';
import type { Db } from '../../db/index.js';
import { ckCodes, rechargeTips, type UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import type { Actor, OperationLogService } from '../oplog/service.js';

type Caller = Pick<UserRow, 'ck' | 'roles'>;
type StoredTips = Partial<LocalizedText>;

/** The default text per language (from the messages, read at call time: the areas load lazily). */
function defaultTips(): LocalizedText {
  return Object.fromEntries(LANGUAGES.map((language) => [language, formatMessage(language, 'renewalTipDefault')])) as LocalizedText;
}

/** Every language's stored text, empty where none is. */
function allLanguages(tips: StoredTips | undefined): LocalizedText {
  return Object.fromEntries(LANGUAGES.map((language) => [language, tips?.[language] ?? ''])) as LocalizedText;
}

/** The stored texts worth keeping: the languages left empty are not stored. */
function nonEmpty(tips: LocalizedText): StoredTips {
  return Object.fromEntries(Object.entries(tips).filter(([, text]) => text !== '')) as StoredTips;
}

/** A tip as the operation log shows it. */
const describe = (row: { tips: StoredTips; phone: string } | undefined) => (row ? JSON.stringify({ tips: row.tips, phone: row.phone }) : '');

/**
 * A company's renewal tip (/iccid/recharge-tips): a manufacturer sets its own company's, root any
 * company's. What a user reads on the expired-device list is its company's text in its language,
 * else the zh text, else the default; the phone is the tip's, else the company's.
 */
export function createRechargeTips(deps: { db: Db; oplog: OperationLogService }) {
  const { db, oplog } = deps;

  /** The company a request is about: root must name one that exists; a manufacturer its own. */
  async function companyOf(caller: Caller, ck: string | undefined): Promise<string> {
    if (caller.roles.includes('root')) {
      if (ck === undefined) throw ApiError.invalidInput([{ field: 'ck', key: 'renewalCompanyRequired' }]);
      if (!(await ckExists(db, ck))) throw ApiError.invalidInput([{ field: 'ck', key: 'renewalCompanyUnknown', params: { ck } }]);
      return ck;
    }
    if (caller.ck === null) throw ApiError.forbidden();
    if (ck !== undefined && ck !== caller.ck) throw ApiError.forbidden('renewalCompanyNotYours');
    return caller.ck;
  }

  async function stored(ck: string) {
    const [row] = await db.select().from(rechargeTips).where(eq(rechargeTips.ck, ck));
    return row;
  }

  async function view(ck: string): Promise<RechargeTips> {
    const row = await stored(ck);
    return {
      ck,
      tips: allLanguages(row?.tips),
      phone: row?.phone ?? '',
      is_default: row === undefined,
      default_tips: defaultTips(),
      updated_at: row ? row.updatedAt.toISOString() : null,
    };
  }

  return {
    /** The company's tip for its editing screen. */
    async get(caller: Caller, ck: string | undefined): Promise<RechargeTips> {
      return view(await companyOf(caller, ck));
    },

    /** Stores the company's tip (texts and phone), audited (edit_recharge_tips). */
    async update(actor: Actor & { user: Caller }, input: RechargeTipsChange): Promise<RechargeTips> {
      const ck = await companyOf(actor.user, input.ck);
      const next = { tips: nonEmpty(input.tips), phone: input.phone };
      await db.transaction(async (tx) => {
        const [old] = await tx.select().from(rechargeTips).where(eq(rechargeTips.ck, ck)).for('update');
        await tx
          .insert(rechargeTips)
          .values({ ck, ...next, updatedBy: actor.user.id })
          .onConflictDoUpdate({ target: rechargeTips.ck, set: { ...next, updatedBy: actor.user.id, updatedAt: new Date() } });
        const entry = { userId: actor.user.id, username: actor.user.username, ip: actor.ip, ck };
        await oplog.record(tx, { ...entry, action: 'edit_recharge_tips', oldValue: describe(old), newValue: describe(next) });
      });
      return view(ck);
    },

    /** Deletes the company's tip: the list shows the default text again; audited (delete_recharge_tips) when there was one. */
    async remove(actor: Actor & { user: Caller }, ck: string | undefined): Promise<RechargeTips> {
      const company = await companyOf(actor.user, ck);
      await db.transaction(async (tx) => {
        const [old] = await tx.delete(rechargeTips).where(eq(rechargeTips.ck, company)).returning();
        if (!old) return;
        const entry = { userId: actor.user.id, username: actor.user.username, ip: actor.ip, ck: company };
        await oplog.record(tx, { ...entry, action: 'delete_recharge_tips', oldValue: describe(old) });
      });
      return view(company);
    },

    /** The tip a user reads on its expired-device list, in its language. */
    async shownTo(user: Caller, language: Language): Promise<ShownTip> {
      const fallback = formatMessage(language, 'renewalTipDefault');
      if (user.ck === null) return { text: fallback, phone: '' };
      const [row] = await db
        .select({ tips: rechargeTips.tips, phone: rechargeTips.phone, companyPhone: ckCodes.phone })
        .from(ckCodes)
        .leftJoin(rechargeTips, eq(rechargeTips.ck, ckCodes.code))
        .where(eq(ckCodes.code, user.ck));
      return { text: row?.tips?.[language] || row?.tips?.zh || fallback, phone: row?.phone || row?.companyPhone || '' };
    },
  };
}
