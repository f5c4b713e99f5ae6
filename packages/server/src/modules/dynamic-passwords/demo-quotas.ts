import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';

/** The demo's starting counts: demo_district has some to give, demo_region none until it is given some. */
export const DEMO_PWD_QUOTAS: Readonly<Record<string, number>> = { demo_district: 20, demo_region: 0 };

/** Creates the demo distributors' quota rows that are missing; counts people changed are left as they are. */
export async function seedDemoQuotas(db: Db): Promise<void> {
  for (const [username, remaining] of Object.entries(DEMO_PWD_QUOTAS))
    await db.execute(sql`insert into pwd_quotas (user_id, remaining) select id, ${remaining} from users where username = ${username} on conflict do nothing`);
}
