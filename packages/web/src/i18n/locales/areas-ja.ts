import accounts from './accounts/ja.json';
import boxDelivery from './boxDelivery/ja.json';
import boxProperties from './boxProperties/ja.json';
import boxRegistration from './boxRegistration/ja.json';
import chartSettings from './chartSettings/ja.json';
import companies from './companies/ja.json';
import datalog from './datalog/ja.json';
import deviceTypes from './deviceTypes/ja.json';
import eventRules from './eventRules/ja.json';
import typeSettings from './typeSettings/ja.json';
import usermanager from './usermanager/ja.json';
import notifications from './notifications/ja.json';
import announcements from './announcements/ja.json';
import pushSettings from './pushSettings/ja.json';
import excelSettings from './excelSettings/ja.json';
import simRenewal from './simRenewal/ja.json';
import unlock from './unlock/ja.json';
import dynamicPasswords from './dynamicPasswords/ja.json';
import qrLabels from './qrLabels/ja.json';
import serverLog from './serverLog/ja.json';
import redisTool from './redisTool/ja.json';
import jobs from './jobs/ja.json';
import plcProgram from './plcProgram/ja.json';
import batchJobs from './batchJobs/ja.json';
import inactiveBoxes from './inactiveBoxes/ja.json';
import scripts from './scripts/ja.json';
import { areaTranslation } from './translation';

/** The ja strings of the console's areas: a chunk loaded with the signed-in console in this language. */
export default areaTranslation({
  usermanager,
  datalog,
  companies,
  accounts,
  boxRegistration,
  boxProperties,
  boxDelivery,
  deviceTypes,
  typeSettings,
  eventRules,
  chartSettings,
  notifications,
  announcements,
  pushSettings,
  excelSettings,
  simRenewal,
  unlock,
  dynamicPasswords,
  qrLabels,
  serverLog,
  redisTool,
  jobs,
  plcProgram,
  batchJobs,
  inactiveBoxes,
  scripts,
});
