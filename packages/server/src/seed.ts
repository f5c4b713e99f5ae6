import { randomBytes } from 'node:crypto';
import { DEMO_ACCOUNTS, DEMO_CK_CODES, DEMO_TEMPLATE_NAMES, demoTemplateRights, type DemoAccount } from '@cloudbox/domain';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import { ckCodes, permissionTemplates, users } from './db/schema.js';
import type { PasswordHasher } from './modules/users/passwords.js';
import { seedDemoQuotas } from './modules/dynamic-passwords/demo-quotas.js';

/**
 * The user name of the first root account when ROOT_USERNAME is not set. Not plain "root": user
 * names are 6-20 characters (SPEC.md section 5), and the login form would refuse a shorter one.
 */
export const DEFAULT_ROOT_USERNAME = 'root_admin';

export interface SeedOutcome {
  /** The root account created on a first production start; `generatedPassword` when none was configured. */
  createdRoot?: { username: string; generatedPassword?: string };
  /** Demo accounts present in a production database: their password is public. */
  demoAccountsInProduction: string[];
}

/** What the first start (and every start, idempotently) puts into the database. */
export async function seed(db: Db, config: Pick<Config, 'demo' | 'rootUsername' | 'rootPassword'>, passwords: PasswordHasher): Promise<SeedOutcome> {
  if (config.demo) {
    await seedDemo(db, passwords);
    return { demoAccountsInProduction: [] };
  }
  return {
    createdRoot: await createFirstRoot(db, config, passwords),
    demoAccountsInProduction: await demoAccountsPresent(db),
  };
}

/**
 * Production: when nobody can sign in yet, one root account from ROOT_USERNAME / ROOT_PASSWORD
 * (checked by loadConfig with the domain rules), or with a generated password that is shown once.
 */
async function createFirstRoot(db: Db, config: Pick<Config, 'rootUsername' | 'rootPassword'>, passwords: PasswordHasher): Promise<SeedOutcome['createdRoot']> {
  const [existing] = await db.select({ users: count() }).from(users);
  if (existing && existing.users > 0) return undefined;
  const username = config.rootUsername ?? DEFAULT_ROOT_USERNAME;
  // 15 random bytes are 20 base64url characters: the longest password the rules allow, 120 bits.
  const password = config.rootPassword ?? randomBytes(15).toString('base64url');
  // Two instances starting on one empty database race here; the user name's uniqueness decides.
  const created = await db
    .insert(users)
    .values({ username, passwordHash: await passwords.hash(password), roles: ['root'] })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (created.length === 0) return undefined;
  return config.rootPassword ? { username } : { username, generatedPassword: password };
}

/** Demo mode: the CK codes and the accounts of DEMO_ACCOUNTS; existing ones are left as they are. */
export async function seedDemo(db: Db, passwords: PasswordHasher): Promise<void> {
  await db
    .insert(ckCodes)
    .values([...DEMO_CK_CODES])
    .onConflictDoNothing();
  const present = new Set(await demoAccountsPresent(db));
  for (const account of DEMO_ACCOUNTS.filter((candidate) => !present.has(candidate.username))) {
    await db
      .insert(users)
      .values({ ...demoUserValues(account), passwordHash: await passwords.hash(account.password) })
      .onConflictDoNothing();
  }
  for (const account of DEMO_ACCOUNTS) {
    if (!account.parent) continue;
    const [parent] = await db.select({ id: users.id }).from(users).where(eq(users.username, account.parent));
    if (!parent) continue;
    await db
      .update(users)
      .set({ parentId: parent.id })
      .where(and(eq(users.username, account.username), isNull(users.parentId)));
  }
  await seedDemoTemplates(db);
  await seedDemoQuotas(db);
}

/**
 * The demo templates of each demo CK; a demo account named to one gets it when the template is
 * first made (afterwards its manager's choice stands).
 */
async function seedDemoTemplates(db: Db): Promise<void> {
  for (const ck of DEMO_CK_CODES) {
    for (const kind of ['full', 'operator'] as const) {
      const name = DEMO_TEMPLATE_NAMES[kind];
      const [created] = await db
        .insert(permissionTemplates)
        .values({ ck: ck.code, name, level: 0, rights: demoTemplateRights(kind) })
        .onConflictDoNothing()
        .returning({ id: permissionTemplates.id });
      if (!created) continue;
      const holders = DEMO_ACCOUNTS.filter((account) => account.template === name && account.ck === ck.code).map((account) => account.username);
      if (holders.length > 0)
        await db
          .update(users)
          .set({ templateId: created.id })
          .where(sql`${users.username} = any(${`{${holders.join(',')}}`}::text[])`);
    }
  }
}

function demoUserValues(account: DemoAccount) {
  return {
    username: account.username,
    roles: [account.role],
    ck: account.ck,
    level: account.level ?? 0,
    isManager: account.isManager ?? false,
    showFeedback: account.showFeedback ?? false,
    showDelBox: account.showDelBox ?? false,
    shieldDevices: account.shieldDevices ?? false,
    helperType: account.helperType ?? null,
  };
}

async function demoAccountsPresent(db: Db): Promise<string[]> {
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_ACCOUNTS.map((account) => account.username),
      ),
    );
  return rows.map((row) => row.username);
}
