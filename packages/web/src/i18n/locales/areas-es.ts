import accounts from './accounts/es.json';
import boxDelivery from './boxDelivery/es.json';
import boxProperties from './boxProperties/es.json';
import boxRegistration from './boxRegistration/es.json';
import chartSettings from './chartSettings/es.json';
import companies from './companies/es.json';
import datalog from './datalog/es.json';
import deviceTypes from './deviceTypes/es.json';
import eventRules from './eventRules/es.json';
import typeSettings from './typeSettings/es.json';
import usermanager from './usermanager/es.json';
import notifications from './notifications/es.json';
import announcements from './announcements/es.json';
import pushSettings from './pushSettings/es.json';
import excelSettings from './excelSettings/es.json';
import simRenewal from './simRenewal/es.json';
import unlock from './unlock/es.json';
import dynamicPasswords from './dynamicPasswords/es.json';
import qrLabels from './qrLabels/es.json';
import serverLog from './serverLog/es.json';
import redisTool from './redisTool/es.json';
import jobs from './jobs/es.json';
import plcProgram from './plcProgram/es.json';
import batchJobs from './batchJobs/es.json';
import inactiveBoxes from './inactiveBoxes/es.json';
import scripts from './scripts/es.json';
import { areaTranslation } from './translation';

/** The es strings of the console's areas: a chunk loaded with the signed-in console in this language. */
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
