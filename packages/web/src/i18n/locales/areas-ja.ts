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
});
