/** Every area's messages (./<area>.ts), merged into the catalog by `loadMessageAreas` (../messages.ts). */
import * as access from './access.js';
import * as accounts from './accounts.js';
import * as boxDelivery from './box-delivery.js';
import * as boxProperties from './box-properties.js';
import * as boxRegistration from './box-registration.js';
import * as companies from './companies.js';
import * as chartSettings from './chart-settings.js';
import * as eventRules from './event-rules.js';
import * as typeSettings from './type-settings.js';
import * as deviceTypes from './device-types.js';
import * as notices from './notices.js';
import * as noticeDelivery from './notice-delivery.js';
import * as notifications from './notifications.js';
import * as announcements from './announcements.js';
import * as pushSettings from './push-settings.js';
import * as excelSettings from './excel-settings.js';
import * as simRenewal from './sim-renewal.js';
import * as dynamicPasswords from './dynamic-passwords.js';
import * as unlock from './unlock.js';
import * as qrLabels from './qr-labels.js';
import * as serverLog from './server-log.js';
import * as redisTool from './redis-tool.js';
import * as jobs from './jobs.js';
import * as plcPrograms from './plc-programs.js';
import * as batchJobs from './batch-jobs.js';
import * as inactiveBoxes from './inactive-boxes.js';
import * as loadTest from './load-test.js';

export const AREAS = [
  access,
  accounts,
  boxDelivery,
  boxProperties,
  boxRegistration,
  companies,
  chartSettings,
  eventRules,
  typeSettings,
  deviceTypes,
  notices,
  noticeDelivery,
  notifications,
  announcements,
  pushSettings,
  excelSettings,
  simRenewal,
  dynamicPasswords,
  unlock,
  qrLabels,
  serverLog,
  redisTool,
  jobs,
  plcPrograms,
  batchJobs,
  inactiveBoxes,
  loadTest,
] as const;
