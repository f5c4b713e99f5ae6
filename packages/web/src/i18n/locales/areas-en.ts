import accounts from './accounts/en.json';
import boxDelivery from './boxDelivery/en.json';
import boxProperties from './boxProperties/en.json';
import boxRegistration from './boxRegistration/en.json';
import chartSettings from './chartSettings/en.json';
import companies from './companies/en.json';
import datalog from './datalog/en.json';
import deviceTypes from './deviceTypes/en.json';
import eventRules from './eventRules/en.json';
import typeSettings from './typeSettings/en.json';
import usermanager from './usermanager/en.json';
import notifications from './notifications/en.json';
import announcements from './announcements/en.json';
import pushSettings from './pushSettings/en.json';
import excelSettings from './excelSettings/en.json';
import simRenewal from './simRenewal/en.json';
import unlock from './unlock/en.json';
import dynamicPasswords from './dynamicPasswords/en.json';
import qrLabels from './qrLabels/en.json';
import serverLog from './serverLog/en.json';
import redisTool from './redisTool/en.json';
import jobs from './jobs/en.json';
import plcProgram from './plcProgram/en.json';
import batchJobs from './batchJobs/en.json';
import inactiveBoxes from './inactiveBoxes/en.json';
import scripts from './scripts/en.json';
import { areaTranslation } from './translation';

/** The en strings of the console's areas: a chunk loaded with the signed-in console in this language. */
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
