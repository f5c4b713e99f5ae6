import type { Language } from '@cloudbox/domain';
import accountsEn from './accounts/en.json';
import accountsEs from './accounts/es.json';
import accountsJa from './accounts/ja.json';
import boxDeliveryEn from './boxDelivery/en.json';
import boxDeliveryEs from './boxDelivery/es.json';
import boxDeliveryJa from './boxDelivery/ja.json';
import boxPropertiesEn from './boxProperties/en.json';
import boxPropertiesEs from './boxProperties/es.json';
import boxPropertiesJa from './boxProperties/ja.json';
import boxRegistrationEn from './boxRegistration/en.json';
import boxRegistrationEs from './boxRegistration/es.json';
import boxRegistrationJa from './boxRegistration/ja.json';
import companiesEn from './companies/en.json';
import companiesEs from './companies/es.json';
import companiesJa from './companies/ja.json';
import datalogEn from './datalog/en.json';
import datalogEs from './datalog/es.json';
import datalogJa from './datalog/ja.json';
import en from './en.json';
import es from './es.json';
import ja from './ja.json';
import usermanagerEn from './usermanager/en.json';
import usermanagerEs from './usermanager/es.json';
import usermanagerJa from './usermanager/ja.json';
import zh, { type Messages } from './zh';

/** The areas whose strings live in a folder of their own (`<area>/zh.ts` and its JSON translations). */
type Area = 'usermanager' | 'datalog' | 'companies' | 'accounts' | 'boxRegistration' | 'boxProperties' | 'boxDelivery';

/**
 * zh.ts declares the shape of the messages; the other languages are plain JSON, held to that shape
 * here: a key missing from a translation fails the type check, one too many fails i18n.test.ts.
 */
function translation(main: Omit<Messages, Area>, areas: Pick<Messages, Area>): Messages {
  return { ...main, ...areas };
}

export const MESSAGES: Record<Language, Messages> = {
  zh,
  en: translation(en, {
    usermanager: usermanagerEn,
    datalog: datalogEn,
    companies: companiesEn,
    accounts: accountsEn,
    boxRegistration: boxRegistrationEn,
    boxProperties: boxPropertiesEn,
    boxDelivery: boxDeliveryEn,
  }),
  es: translation(es, {
    usermanager: usermanagerEs,
    datalog: datalogEs,
    companies: companiesEs,
    accounts: accountsEs,
    boxRegistration: boxRegistrationEs,
    boxProperties: boxPropertiesEs,
    boxDelivery: boxDeliveryEs,
  }),
  ja: translation(ja, {
    usermanager: usermanagerJa,
    datalog: datalogJa,
    companies: companiesJa,
    accounts: accountsJa,
    boxRegistration: boxRegistrationJa,
    boxProperties: boxPropertiesJa,
    boxDelivery: boxDeliveryJa,
  }),
};

export type { Messages };
