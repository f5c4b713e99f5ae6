import { formatMessage, type Language, type Violation } from '@cloudbox/domain';
import type { FormRule } from 'antd';

/**
 * An antd form rule from a domain validator: every violation that fires is shown, in the
 * current language, worded exactly as the server words it.
 */
export function violationRule(check: (value: string) => Violation[], language: Language, options: { trim?: boolean } = {}): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const messages = violationMessages(check, typeof value === 'string' ? value : '', language, options);
      return messages.length > 0 ? Promise.reject(messages) : Promise.resolve();
    },
  };
}

/** The messages of every violation of a domain validator, in `language` (forms without antd use it directly). */
export function violationMessages(check: (value: string) => Violation[], text: string, language: Language, options: { trim?: boolean } = {}): string[] {
  return check(options.trim ? text.trim() : text).map((violation) => formatMessage(language, violation.key, violation.params));
}

/** The second of two password fields: it must repeat `field` ("The two passwords do not match!"). */
export function repeatsRule(field: string, language: Language): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(formatMessage(language, 'passwordsDiffer'))),
  });
}
