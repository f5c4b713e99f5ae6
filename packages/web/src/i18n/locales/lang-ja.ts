import accounts from './accounts/ja.json';
import boxDelivery from './boxDelivery/ja.json';
import boxProperties from './boxProperties/ja.json';
import boxRegistration from './boxRegistration/ja.json';
import companies from './companies/ja.json';
import datalog from './datalog/ja.json';
import deviceTypes from './deviceTypes/ja.json';
import typeSettings from './typeSettings/ja.json';
import eventRules from './eventRules/ja.json';
import chartSettings from './chartSettings/ja.json';
import main from './ja.json';
import usermanager from './usermanager/ja.json';
import { translation } from './translation';

/** The ja strings: a chunk of their own, loaded only when the console is shown in this language. */
export default translation(main, {
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
});
