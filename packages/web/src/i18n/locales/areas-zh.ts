import accounts from './accounts/zh';
import boxDelivery from './boxDelivery/zh';
import boxProperties from './boxProperties/zh';
import boxRegistration from './boxRegistration/zh';
import chartSettings from './chartSettings/zh';
import companies from './companies/zh';
import datalog from './datalog/zh';
import deviceTypes from './deviceTypes/zh';
import eventRules from './eventRules/zh';
import typeSettings from './typeSettings/zh';
import usermanager from './usermanager/zh';
import notifications from './notifications/zh';
import announcements from './announcements/zh';
import pushSettings from './pushSettings/zh';
import excelSettings from './excelSettings/zh';
import simRenewal from './simRenewal/zh';
import unlock from './unlock/zh';
import dynamicPasswords from './dynamicPasswords/zh';
import qrLabels from './qrLabels/zh';
import serverLog from './serverLog/zh';
import redisTool from './redisTool/zh';
import jobs from './jobs/zh';
import plcProgram from './plcProgram/zh';
import batchJobs from './batchJobs/zh';
import inactiveBoxes from './inactiveBoxes/zh';
import scripts from './scripts/zh';

/**
 * The Chinese strings of the console's areas: a chunk loaded with the signed-in console (the
 * log-in page does without them). They are the shape the other languages' areas follow.
 */
const areas = {
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
};

export default areas;
export type AreaMessages = typeof areas;
