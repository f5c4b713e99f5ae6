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
};

export default areas;
export type AreaMessages = typeof areas;
