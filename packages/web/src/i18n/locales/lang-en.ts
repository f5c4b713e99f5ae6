import accounts from './accounts/en.json';
import boxDelivery from './boxDelivery/en.json';
import boxProperties from './boxProperties/en.json';
import boxRegistration from './boxRegistration/en.json';
import companies from './companies/en.json';
import datalog from './datalog/en.json';
import deviceTypes from './deviceTypes/en.json';
import typeSettings from './typeSettings/en.json';
import eventRules from './eventRules/en.json';
import chartSettings from './chartSettings/en.json';
import main from './en.json';
import usermanager from './usermanager/en.json';
import { translation } from './translation';

/** The en strings: a chunk of their own, loaded only when the console is shown in this language. */
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
