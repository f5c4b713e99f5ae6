import type { ExpiredDownload, ExpiredListQuery, ExpiredMonthCounts, ExpiredPage, Language } from '@cloudbox/domain';
import type { DevicePolicy } from '../../access/policy.js';
import type { Person } from '../../access/scope.js';
import type { Db } from '../../db/index.js';
import type { UserRow } from '../../db/schema.js';
import { exportDate } from '../devices/exports.js';
import type { ExportRows } from '../devices/xlsx.js';
import type { OperationLogService } from '../oplog/service.js';
import { expiredCounts, expiredExportRows, expiredPage, type ExpiredExportRow } from './expired.js';
import { createRechargeRequests } from './requests.js';
import { createRechargeTips } from './tips.js';

export type IotCardService = ReturnType<typeof createIotCardService>;

/**
 * SIM renewal (/iccid, /iot_card): the expired-device list of the boxes a user sees, with its
 * company's tip (./expired.ts, ./tips.ts), its download, and the renewal requests (./requests.ts).
 */
export function createIotCardService(deps: {
  db: Db;
  policy: DevicePolicy;
  oplog: OperationLogService;
  now?: () => Date;
  /** These users' reused device answers may show an old expiry date. */
  devicesChanged(userIds: number[]): void;
}) {
  const { db, policy } = deps;
  const now = deps.now ?? (() => new Date());
  const tips = createRechargeTips(deps);

  return {
    /** A page of the user's boxes of an expiry group, with its company's tip in its language. */
    async expiredList(user: Pick<UserRow, 'id' | 'roles' | 'ck'>, language: Language, query: ExpiredListQuery): Promise<ExpiredPage> {
      const [page, shown] = await Promise.all([expiredPage(db, await policy.scopeOf(user), query, now()), tips.shownTo(user, language)]);
      return { ...page, tips: shown };
    },

    /** The user's boxes per expiry group. */
    async monthCounts(user: Person): Promise<ExpiredMonthCounts> {
      return expiredCounts(db, await policy.scopeOf(user), now());
    },

    /** Today in the caller's CK zone, for the download's file name. */
    exportDate: (user: Person): Promise<string> => exportDate(db, user, now()),

    /** Every box of the download's group and search (or the chosen ones), for a spreadsheet streamed in batches. */
    async exportRows(user: Person, language: Language, input: ExpiredDownload): Promise<ExportRows<ExpiredExportRow>> {
      return expiredExportRows(db, await policy.scopeOf(user), language, input, now());
    },

    tips,
    requests: createRechargeRequests(deps),
  };
}
