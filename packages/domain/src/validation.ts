import { CK_CODE_LENGTH, NAME_LENGTH } from './constants.js';
import type { MessageKey } from './messages.js';

/**
 * The validation rules of SPEC.md section 5. Each check runs in sequence and every one that
 * fails is reported, as the spec's forms do; an empty required value reports only "required".
 */
export interface Violation {
  key: MessageKey;
  params?: Record<string, string>;
}

const CHINESE_OR_SPACE = /[\u3400-\u9fff\uf900-\ufaff\s]/u;
const USER_NAME_CHARS = new RegExp(`^[A-Za-z0-9\\-+@#&*^%_]{${NAME_LENGTH.min},${NAME_LENGTH.max}}$`);
const NUMBER = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;
const POSITIVE_INTEGER = /^\+?[1-9]\d*$/;
const NON_NEGATIVE_INTEGER = /^\+?(?:0|[1-9]\d*)$/;
const CK_CODE = new RegExp(`^\\d{${CK_CODE_LENGTH}}$`);

export function validateUserName(value: string): Violation[] {
  if (value === '') return [{ key: 'userNameRequired' }];
  const violations: Violation[] = [];
  if (!USER_NAME_CHARS.test(value)) violations.push({ key: 'userNameFormat' });
  if (CHINESE_OR_SPACE.test(value)) violations.push({ key: 'userNameNoChineseOrSpace' });
  return violations;
}

export function validatePassword(value: string): Violation[] {
  if (value === '') return [{ key: 'passwordRequired' }];
  const violations: Violation[] = [];
  const length = [...value].length;
  if (length < NAME_LENGTH.min || length > NAME_LENGTH.max) violations.push({ key: 'passwordLength' });
  if (CHINESE_OR_SPACE.test(value)) violations.push({ key: 'passwordNoChineseOrSpace' });
  return violations;
}

/** A number field: required with the field's name, then integer or decimal with optional sign. */
export function validateNumber(value: string, field: string): Violation[] {
  if (value.trim() === '') return [{ key: 'numberRequired', params: { field } }];
  return NUMBER.test(value.trim()) ? [] : [{ key: 'numberFormat' }];
}

export function validatePositiveInteger(value: string): Violation[] {
  return POSITIVE_INTEGER.test(value.trim()) ? [] : [{ key: 'positiveInteger' }];
}

export function validateNonNegativeInteger(value: string): Violation[] {
  return NON_NEGATIVE_INTEGER.test(value.trim()) ? [] : [{ key: 'nonNegativeInteger' }];
}

export function validateCkCode(value: string): Violation[] {
  return CK_CODE.test(value) ? [] : [{ key: 'ckCodeFormat' }];
}

/**
 * Text PostgreSQL cannot store as it was sent: NUL (text and jsonb refuse it outright) and UTF-16
 * surrogates without their pair (they would be stored as U+FFFD). One rule for every text input:
 * the server holds every request's body, query and parameters to it before their schema runs, and
 * the box protocol's texts use `storableText`.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this rule looks for
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE_TEXT.test(value);
}

/**
 * Where in a parsed input (JSON, query) the first text PostgreSQL cannot store is, as a path;
 * undefined when all is storable. It walks with a stack of its own, not by recursion: a body nested
 * thousands deep must be answered, not overflow the call stack, and it keeps the path of a value
 * as a link to its parent's, so a deep input costs time in proportion to its size.
 */
export function findUnstorableText(input: unknown): (string | number)[] | undefined {
  type Step = { key: string | number; parent: Step | undefined } | undefined;
  const pathOf = (step: Step, last?: string | number) => {
    const reversed: (string | number)[] = last === undefined ? [] : [last];
    for (let at = step; at; at = at.parent) reversed.push(at.key);
    return reversed.reverse();
  };
  const pending: { value: unknown; at: Step }[] = [{ value: input, at: undefined }];
  while (pending.length > 0) {
    const { value, at } = pending.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return pathOf(at);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) pending.push({ value: value[index], at: { key: index, parent: at } });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (const [key] of entries) if (!isStorableText(key)) return pathOf(at, key);
      for (let index = entries.length - 1; index >= 0; index -= 1) pending.push({ value: entries[index]![1], at: { key: entries[index]![0], parent: at } });
    }
  }
  return undefined;
}

/** The largest id of an `integer` column (PostgreSQL int4): an id beyond it names no row and must not reach a query. */
export const MAX_ROW_ID = 2_147_483_647;

/** Route parameters that accept digits only (SPEC.md section 5). */
export function isDigits(value: string | undefined): boolean {
  return value !== undefined && /^\d+$/.test(value);
}

/** A zod error map for a field of the wrong type: "Please fill in {field}" when it is missing, else "{field} is not valid." */
export function missingOrInvalid(issue: { input?: unknown }): MessageKey {
  return issue.input == null ? 'fieldRequired' : 'fieldInvalid';
}
