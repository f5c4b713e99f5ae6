import accounts from './accounts/es.json';
import boxDelivery from './boxDelivery/es.json';
import boxProperties from './boxProperties/es.json';
import boxRegistration from './boxRegistration/es.json';
import companies from './companies/es.json';
import datalog from './datalog/es.json';
import deviceTypes from './deviceTypes/es.json';
import typeSettings from './typeSettings/es.json';
import eventRules from './eventRules/es.json';
import chartSettings from './chartSettings/es.json';
import main from './es.json';
import usermanager from './usermanager/es.json';
import { translation } from './translation';

/** The es strings: a chunk of their own, loaded only when the console is shown in this language. */
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
