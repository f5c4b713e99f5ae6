import { Code, DEMO_PASSWORD, DEMO_TEMPLATE_NAMES, formatMessage, MESSAGES, type Language, type MessageKey } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.js';
import { box } from '../../test/fleet.js';
import { DATABASE_KINDS, signIn, startTestApp, type TestApp } from '../../test/helpers.js';

/**
 * Bad input on every call under /user_register and /device_user_permission (SPEC.md section 7):
 * each call is declared once with a valid input and the kinds of its fields; the cases vary one
 * field at a time (missing, wrong type, not digits, too long, the section 5 rules, unknown records,
 * records of another CK or not the caller's) and every case is sent in English and in Chinese. Each
 * answer must be the error it declares (HTTP status, code 40111, the message of every problem in the
 * caller's language, each field's own message), and nothing may change: users, boxes, shares,
 * switch grants, templates, sessions and the operation log are compared before and after.
 */

/**
 * The spec's own wording of the input rules (SPEC.md section 5): the domain's English messages must
 * say each word for word (the cases below check that every answer says the domain's message).
 */
const SPEC_WORDING = [
  'User name cannot be empty!',
  '6-20 digit number or character or @#%^&*_-+ required!',
  'User name cannot contain Chinese characters or spaces!',
  'Password cannot be empty!',
  'Password must be a 6-20 digit number or character!',
  'Password cannot contain Chinese characters or spaces!',
  'Can only be a positive integer',
  'Can only be a non negative integer',
];

/** One thing wrong, as the answer must name it: its message key, the field (for input), the placeholders. */
interface Problem {
  key: MessageKey;
  field?: string;
  params?: Record<string, string | number>;
}
interface Answer {
  status: number;
  problems: Problem[];
  code?: number;
}
const invalid = (field: string, ...keys: MessageKey[]): Answer => ({ status: 400, problems: keys.map((key) => ({ key, field })) });
const rejected = (status: number, key: MessageKey, field?: string, params?: Problem['params']): Answer => ({ status, problems: [{ key, field, params }] });

const MISSING = Symbol('missing');
type Input = Record<string, unknown>;
interface Case {
  name: string;
  /** The call's valid input with these fields replaced (MISSING: left out). */
  change?: Input;
  /** A raw request body instead of the input. */
  raw?: string;
  caller?: string | null;
  answer: Answer;
}

/** The boxes of the fixture. */
const BOX = { owned: '7900001', otherCk: '7900002', free: '7900003', assigned: '7900004', shared: '7900005' } as const;
const UNKNOWN_BOX = '7999999';
const UNKNOWN_ID = 999_999;
const LONG = (length: number) => 'a'.repeat(length);

/** The users, templates and boxes a case may name, known once the fixture is up. */
interface World {
  id: Record<string, number>;
  template: { own: number; otherCk: number };
}

type Method = 'GET' | 'POST';
type FieldKind = 'id' | 'box' | 'boxes' | 'template' | 'username' | 'password' | 'ck' | 'remark' | 'permission' | 'paging';

/** The cases of a field of a kind; `unknown` is how the call answers an id or box that names nothing it may touch, `otherCk` a box of another CK. */
function fieldCases(
  field: string,
  kind: FieldKind,
  { unknown, otherCk = unknown }: { unknown?: Answer; otherCk?: Answer },
  world: World,
  method: Method,
): Case[] {
  const asBody = method === 'POST';
  const wrongTypes = (values: [string, unknown][]): Case[] =>
    asBody ? values.map(([name, value]) => ({ name: `${field} ${name}`, change: { [field]: value }, answer: invalid(field, 'fieldInvalid') })) : [];
  switch (kind) {
    case 'id':
      return [
        { name: `${field} missing`, change: { [field]: MISSING }, answer: invalid(field, 'fieldRequired') },
        { name: `${field} not digits`, change: { [field]: 'abc' }, answer: invalid(field, 'fieldInvalid') },
        { name: `${field} negative`, change: { [field]: -3 }, answer: invalid(field, 'fieldInvalid') },
        { name: `${field} zero`, change: { [field]: 0 }, answer: invalid(field, 'fieldInvalid') },
        { name: `${field} a fraction`, change: { [field]: 1.5 }, answer: invalid(field, 'fieldInvalid') },
        ...wrongTypes([
          ['a boolean', true],
          ['an array', [world.id.demo_helper]],
          ['an object', { id: 1 }],
        ]),
        { name: `${field} beyond any id`, change: { [field]: '99999999999999999999' }, answer: invalid(field, 'fieldInvalid') },
        { name: `${field} beyond an integer column`, change: { [field]: 2_147_483_648 }, answer: invalid(field, 'fieldInvalid') },
        { name: `${field} the largest safe integer`, change: { [field]: '9007199254740991' }, answer: invalid(field, 'fieldInvalid') },
        { name: `${field} unknown`, change: { [field]: UNKNOWN_ID }, answer: unknown! },
      ];
    case 'box':
      return [
        { name: `${field} missing`, change: { [field]: MISSING }, answer: invalid(field, 'fieldRequired') },
        { name: `${field} not digits`, change: { [field]: '79x0001' }, answer: invalid(field, 'boxIdFormat') },
        { name: `${field} empty`, change: { [field]: '' }, answer: invalid(field, 'boxIdFormat') },
        { name: `${field} over 32 digits`, change: { [field]: '1'.repeat(33) }, answer: invalid(field, 'boxIdFormat') },
        ...wrongTypes([
          ['a number', Number(BOX.owned)],
          ['an array', [BOX.owned]],
        ]),
        { name: `${field} unknown`, change: { [field]: UNKNOWN_BOX }, answer: unknown! },
        { name: `${field} of another CK`, change: { [field]: BOX.otherCk }, answer: otherCk! },
      ];
    case 'boxes':
      return [
        { name: `${field} missing`, change: { [field]: MISSING }, answer: invalid(field, 'fieldRequired') },
        { name: `${field} empty`, change: { [field]: [] }, answer: invalid(field, 'fieldRequired') },
        { name: `${field} not a list`, change: { [field]: BOX.owned }, answer: invalid(field, 'fieldInvalid') },
        { name: `${field} with a bad id`, change: { [field]: [BOX.owned, 'abc'] }, answer: invalid(`${field}.1`, 'boxIdFormat') },
        {
          name: `${field} over 500`,
          change: { [field]: Array.from({ length: 501 }, (_, index) => String(7_000_000 + index)) },
          answer: invalid(field, 'pageSizeTooLarge'),
        },
        { name: `${field} with an unknown box`, change: { [field]: [BOX.owned, UNKNOWN_BOX] }, answer: unknown! },
        { name: `${field} with another CK's box`, change: { [field]: [BOX.owned, BOX.otherCk] }, answer: otherCk! },
      ];
    case 'template':
      return [
        { name: `${field} not digits`, change: { [field]: 'abc' }, answer: invalid(field, 'fieldInvalid') },
        { name: `${field} negative`, change: { [field]: -1 }, answer: invalid(field, 'fieldInvalid') },
        { name: `${field} beyond an integer column`, change: { [field]: '2147483648' }, answer: invalid(field, 'fieldInvalid') },
        { name: `${field} unknown`, change: { [field]: UNKNOWN_ID }, answer: rejected(400, 'templateNotFound', field) },
        { name: `${field} of another CK`, change: { [field]: world.template.otherCk }, answer: rejected(400, 'templateNotFound', field) },
      ];
    case 'username':
      return [
        { name: `${field} missing`, change: { [field]: MISSING }, answer: invalid(field, 'userNameRequired') },
        { name: `${field} empty`, change: { [field]: '' }, answer: invalid(field, 'userNameRequired') },
        { name: `${field} spaces only`, change: { [field]: '   ' }, answer: invalid(field, 'userNameRequired') },
        { name: `${field} too short`, change: { [field]: 'abc' }, answer: invalid(field, 'userNameFormat') },
        { name: `${field} over 20`, change: { [field]: LONG(21) }, answer: invalid(field, 'userNameFormat') },
        { name: `${field} with a bad character`, change: { [field]: 'abc$def' }, answer: invalid(field, 'userNameFormat') },
        { name: `${field} Chinese and a space`, change: { [field]: '张三 abcdef' }, answer: invalid(field, 'userNameFormat', 'userNameNoChineseOrSpace') },
        ...wrongTypes([['a number', 12345678]]),
        { name: `${field} taken`, change: { [field]: 'demo_helper' }, answer: rejected(400, 'userNameTaken', field, { username: 'demo_helper' }) },
      ];
    case 'password':
      return [
        { name: `${field} missing`, change: { [field]: MISSING }, answer: invalid(field, 'passwordRequired') },
        { name: `${field} empty`, change: { [field]: '', password_repeat: '' }, answer: invalid(field, 'passwordRequired') },
        { name: `${field} too short`, change: { [field]: '12345', password_repeat: '12345' }, answer: invalid(field, 'passwordLength') },
        { name: `${field} over 20`, change: { [field]: LONG(21), password_repeat: LONG(21) }, answer: invalid(field, 'passwordLength') },
        { name: `${field} with a space`, change: { [field]: 'secret 12', password_repeat: 'secret 12' }, answer: invalid(field, 'passwordNoChineseOrSpace') },
        {
          name: `${field} Chinese, too short`,
          change: { [field]: '密码', password_repeat: '密码' },
          answer: invalid(field, 'passwordLength', 'passwordNoChineseOrSpace'),
        },
        { name: `${field} repeated differently`, change: { password_repeat: 'other123' }, answer: invalid('password_repeat', 'passwordsDiffer') },
        { name: `${field} repeat missing`, change: { password_repeat: MISSING }, answer: invalid('password_repeat', 'fieldRequired') },
      ];
    case 'ck':
      return [
        { name: `${field} missing`, change: { [field]: MISSING }, answer: invalid(field, 'ckCodeFormat') },
        { name: `${field} 3 digits`, change: { [field]: '100' }, answer: invalid(field, 'ckCodeFormat') },
        { name: `${field} 5 digits`, change: { [field]: '10010' }, answer: invalid(field, 'ckCodeFormat') },
        { name: `${field} letters`, change: { [field]: 'abcd' }, answer: invalid(field, 'ckCodeFormat') },
        ...wrongTypes([['a number', 1001]]),
      ];
    case 'remark':
      return [
        { name: `${field} over 200`, change: { [field]: LONG(201) }, answer: invalid(field, 'textTooLong') },
        { name: `${field} with a NUL`, change: { [field]: 'a\u0000b' }, answer: invalid(field, 'textUnstorable') },
        ...wrongTypes([['a number', 5]]),
      ];
    case 'permission':
      return [{ name: `${field} unknown`, change: { [field]: 'admin' }, answer: invalid(field, 'fieldInvalid') }];
    case 'paging':
      return [
        { name: 'page 0', change: { page: 0 }, answer: invalid('page', 'positiveInteger') },
        { name: 'page not digits', change: { page: 'x' }, answer: invalid('page', 'fieldInvalid') },
        { name: 'page_size over 500', change: { page_size: 501 }, answer: invalid('page_size', 'pageSizeTooLarge') },
        { name: 'keyword over 100', change: { keyword: LONG(101) }, answer: invalid('keyword', 'textTooLong') },
        { name: 'keyword with a NUL', change: { keyword: '\u0000' }, answer: invalid('keyword', 'textUnstorable') },
        { name: 'page beyond a safe integer', change: { page: '99999999999999999999' }, answer: invalid('page', 'positiveInteger') },
      ];
  }
}

interface Call {
  /** The method and the path under /api/v2, as the spec names them. */
  route: `${Method} ${string}`;
  /** Who makes the call: demo_manager unless said. */
  caller?: string;
  /** A valid input (never sent as it is); its fields of a known kind (FIELD_KINDS) are varied by the cases of their kind. */
  valid?: (world: World) => Input;
  /** A list: its paging and keyword are varied too. */
  paged?: boolean;
  /** How the call answers an id or a box that names nothing the caller may touch. */
  unknownUser?: Answer;
  unknownBox?: Answer;
  /** How it answers a box of another CK: like an unknown one unless said otherwise. */
  otherCkBox?: Answer;
  /** A signed-in user the call refuses (its screen or role is not theirs). */
  forbidden?: string;
  cases?: (world: World) => Case[];
}

const FORBIDDEN = rejected(403, 'forbidden');
/** The kind of each input field, wherever a call takes it. */
const FIELD_KINDS: Record<string, FieldKind> = {
  helper_id: 'id',
  manager_id: 'id',
  user_id: 'id',
  device_id: 'box',
  device_ids: 'boxes',
  template_id: 'template',
  username: 'username',
  password: 'password',
  ck: 'ck',
  remark: 'remark',
  permission: 'permission',
};
const methodOf = (call: Call) => call.route.split(' ')[0] as Method;
const pathOf = (call: Call) => call.route.split(' ')[1]!;
const callerOf = (call: Call) => call.caller ?? 'demo_manager';
const validInput = (call: Call, world: World): Input => call.valid?.(world) ?? {};

/** The fields a call's cases vary, each with its kind. */
function fieldsOf(call: Call, world: World): [string, FieldKind][] {
  const fields = Object.keys(validInput(call, world)).flatMap((field): [string, FieldKind][] => (FIELD_KINDS[field] ? [[field, FIELD_KINDS[field]]] : []));
  return call.paged ? [...fields, ['paging', 'paging']] : fields;
}
const form = (world: World) => ({
  username: 'input_new',
  password: 'secret12',
  password_repeat: 'secret12',
  ck: '1001',
  remark: '',
  template_id: world.template.own,
});
const NOT_RECEIVER = rejected(404, 'shareTargetInvalid');
const NO_BOX = rejected(404, 'boxNotFound');
const NOT_HELPER = rejected(404, 'notYourHelper');
const NOT_SUB_MANAGER = rejected(404, 'notSubordinateManager');
const NOT_SHARED = rejected(404, 'deviceNotShared');
const NO_USER = rejected(404, 'userNotFound');

/** A call: its declaration, and the cases of its own beyond those of its fields' kinds. */
const call = (route: Call['route'], declaration: Omit<Call, 'route' | 'cases'> = {}, cases?: Call['cases']): Call => ({ route, ...declaration, cases });
/** The input of a call about a user: its id (user_id), and the rest given. */
const forUser =
  (username: string, input: Input = {}) =>
  ({ id }: World): Input => ({ user_id: id[username], ...input });

/** A page of a user's boxes (helper-device, manager-device): the user by id, paged; helpers have no such screen. */
const userBoxes = (route: Call['route'], username: string, unknownUser: Answer, cases: Call['cases']) =>
  call(route, { valid: forUser(username), paged: true, unknownUser, forbidden: 'demo_helper' }, cases);

const CALLS: Call[] = [
  call('GET user_register/get_level_models', { valid: () => ({ level: 0 }) }, () => [
    { name: 'level negative', change: { level: -1 }, answer: invalid('level', 'nonNegativeInteger') },
    { name: 'level a fraction', change: { level: 1.5 }, answer: invalid('level', 'nonNegativeInteger') },
    { name: 'level not digits', change: { level: 'top' }, answer: invalid('level', 'fieldInvalid') },
  ]),
  call('GET user_register/get_privilege_level'),
  call('GET user_register/check_is_admin'),
  call('GET user_register/check_is_manager_or_user'),
  call('GET user_register/get_helper_types'),
  call('GET user_register/get_helpers', { forbidden: 'demo_helper' }),
  call('GET user_register/get_managers', { forbidden: 'demo_helper' }),
  call('GET user_register/del_helper', { valid: ({ id }) => ({ helper_id: id.demo_helper }), unknownUser: NOT_HELPER, forbidden: 'demo_helper' }, ({ id }) => [
    { name: 'a sub-manager, not a helper', change: { helper_id: id.demo_sub2 }, answer: NOT_HELPER },
    { name: 'another CK’s helper', change: { helper_id: id.demo_helper2 }, answer: NOT_HELPER },
  ]),
  userBoxes('GET user_register/get_shared_devices', 'demo_helper', NOT_RECEIVER, ({ id }) => [
    { name: 'a user of another CK', change: { user_id: id.demo_helper2 }, answer: NOT_RECEIVER },
  ]),
  userBoxes('GET user_register/get_unshared_devices', 'demo_helper', NOT_RECEIVER, ({ id }) => [
    { name: 'a user of another CK', change: { user_id: id.demo_helper2 }, answer: NOT_RECEIVER },
    { name: 'the caller itself', change: { user_id: id.demo_manager }, answer: NOT_RECEIVER },
  ]),
  userBoxes('GET user_register/get_assigned_devices', 'demo_sub2', NOT_SUB_MANAGER, ({ id }) => [
    { name: 'a helper, not a sub-manager', change: { user_id: id.demo_helper }, answer: NOT_SUB_MANAGER },
  ]),
  call('GET user_register/get_unassigned_devices', { paged: true, forbidden: 'demo_helper' }),
  call('GET user_register/check_recall_dev_ck', { caller: 'demo_service_plus', valid: () => ({ device_id: BOX.assigned }), unknownBox: NO_BOX }),
  call('GET user_register/get_dev_ck_users', { valid: () => ({ device_id: BOX.owned }), unknownBox: NO_BOX }, () => [
    // A box of the caller's CK that it may not see is not found either.
    { name: 'a box the caller does not see', change: { device_id: BOX.free }, answer: NO_BOX },
  ]),

  call('POST user_register/add_helper', { valid: (world) => ({ ...form(world), role: 'helper', helper_type: 'operator' }), forbidden: 'demo_service' }, () => [
    { name: 'another company’s CK code', change: { ck: '2002' }, answer: rejected(400, 'ckNotYours', 'ck') },
    { name: 'role root', change: { role: 'root' }, answer: invalid('role', 'fieldInvalid') },
    { name: 'helper type unknown', change: { helper_type: 'boss' }, answer: invalid('helper_type', 'fieldInvalid') },
    {
      name: 'every rule at once',
      change: { username: '张 三', password: '123', password_repeat: '1234', ck: '12' },
      // Every check fires (SPEC.md section 5), the repeated password's too.
      answer: {
        status: 400,
        problems: [
          ...invalid('username', 'userNameFormat', 'userNameNoChineseOrSpace').problems,
          { key: 'passwordLength', field: 'password' },
          { key: 'passwordsDiffer', field: 'password_repeat' },
          { key: 'ckCodeFormat', field: 'ck' },
        ],
      },
    },
  ]),
  call('POST user_register/add_next_manager', { valid: form, forbidden: 'demo_limited' }, () => [
    { name: 'another company’s CK code', change: { ck: '2002' }, answer: rejected(400, 'ckNotYours', 'ck') },
  ]),
  call(
    'POST user_register/change_helper_password',
    {
      valid: ({ id }) => ({ helper_id: id.demo_helper, password: 'secret12', password_repeat: 'secret12' }),
      unknownUser: NOT_HELPER,
      forbidden: 'demo_helper',
    },
    ({ id }) => [{ name: 'another manager’s helper', change: { helper_id: id.demo_helper2 }, answer: NOT_HELPER }],
  ),
  call('POST user_register/change_helper_model', {
    valid: ({ id }) => ({ helper_id: id.demo_helper, template_id: null }),
    unknownUser: NOT_HELPER,
    forbidden: 'demo_helper',
  }),
  call(
    'POST user_register/change_manager_model',
    { valid: ({ id }) => ({ manager_id: id.demo_sub2, template_id: null }), unknownUser: NOT_SUB_MANAGER, forbidden: 'demo_helper' },
    ({ id }) => [
      { name: 'a sub-manager two levels down', change: { manager_id: id.demo_sub3 }, answer: NOT_SUB_MANAGER },
      { name: 'a helper, not a manager', change: { manager_id: id.demo_helper }, answer: NOT_SUB_MANAGER },
    ],
  ),
  call('POST user_register/set_shield', { caller: 'demo_sub2', valid: () => ({ shield: true }) }, () => [
    { name: 'shield missing', change: { shield: MISSING }, answer: invalid('shield', 'booleanFormat') },
    { name: 'shield a string', change: { shield: 'yes' }, answer: invalid('shield', 'booleanFormat') },
    { name: 'shield a number', change: { shield: 1 }, answer: invalid('shield', 'booleanFormat') },
  ]),
  call(
    'POST user_register/share_device',
    {
      valid: ({ id }) => ({ device_id: BOX.owned, user_id: id.demo_user, permission: 'read' }),
      unknownUser: NOT_RECEIVER,
      unknownBox: NO_BOX,
      forbidden: 'demo_helper',
    },
    ({ id }) => [
      { name: 'a box it does not own', change: { device_id: BOX.free }, answer: rejected(403, 'deviceNotOwned') },
      { name: 'a user of another CK', change: { user_id: id.demo_helper2 }, answer: NOT_RECEIVER },
    ],
  ),
  call('POST user_register/share_all_device', { valid: forUser('demo_user', { permission: 'read' }), unknownUser: NOT_RECEIVER, forbidden: 'demo_helper' }),
  call(
    'POST user_register/recall_shared_device',
    { valid: ({ id }) => ({ device_id: BOX.shared, user_id: id.demo_helper }), unknownUser: NOT_RECEIVER, unknownBox: NOT_SHARED, forbidden: 'demo_helper' },
    ({ id }) => [
      { name: 'a box not shared with the user', change: { device_id: BOX.owned }, answer: NOT_SHARED },
      { name: 'a share someone else made', caller: 'demo_sub2', change: { user_id: id.demo_helper }, answer: NOT_SHARED },
    ],
  ),
  call('POST user_register/recall_all_shared_device', { valid: forUser('demo_helper'), unknownUser: NOT_RECEIVER, forbidden: 'demo_helper' }),
  call(
    'POST user_register/assign_device',
    { valid: ({ id }) => ({ device_id: BOX.owned, user_id: id.demo_sub2 }), unknownUser: NOT_SUB_MANAGER, unknownBox: NO_BOX, forbidden: 'demo_helper' },
    ({ id }) => [
      { name: 'a box it does not own', change: { device_id: BOX.assigned }, answer: rejected(403, 'deviceNotOwned') },
      { name: 'to a helper', change: { user_id: id.demo_helper }, answer: NOT_SUB_MANAGER },
      { name: 'to a sub-manager two levels down', change: { user_id: id.demo_sub3 }, answer: NOT_SUB_MANAGER },
    ],
  ),
  call(
    'POST user_register/batch_assign_devices',
    { valid: ({ id }) => ({ device_ids: [BOX.owned], user_id: id.demo_sub2 }), unknownUser: NOT_SUB_MANAGER, unknownBox: NO_BOX, forbidden: 'demo_helper' },
    () => [
      // All or none: one box it does not own and the owned one is not assigned either.
      { name: 'one box it does not own', change: { device_ids: [BOX.owned, BOX.free] }, answer: rejected(403, 'deviceNotOwned') },
    ],
  ),
  call(
    'POST user_register/recall_assigned_device',
    { caller: 'demo_service_plus', valid: () => ({ device_id: BOX.assigned }), unknownBox: NO_BOX, forbidden: 'demo_manager' },
    () => [{ name: 'a box nobody assigned', change: { device_id: BOX.owned }, answer: rejected(400, 'deviceNotAssigned', 'device_id') }],
  ),
  call(
    'POST user_register/recall_all_assigned_device',
    { caller: 'demo_service_plus', valid: forUser('demo_sub2'), unknownUser: NO_USER, forbidden: 'demo_manager' },
    ({ id }) => [{ name: 'another CK’s user', change: { user_id: id.demo_manager2 }, answer: NO_USER }],
  ),
  call(
    'POST user_register/register_device_to_user',
    {
      valid: () => ({ device_id: BOX.free, ck: '1001' }),
      unknownBox: NO_BOX,
      // Another CK's box is answered like a wrong code: the code of the caller's CK does not prove it holds that box.
      otherCkBox: rejected(400, 'ckMismatch', 'ck'),
      forbidden: 'demo_helper',
    },
    () => [
      { name: 'the CK code of another company', change: { ck: '2002' }, answer: rejected(400, 'ckMismatch', 'ck') },
      // Another CK's box with its own code: the code does not prove the caller holds it.
      { name: 'another CK’s box with its code', change: { device_id: BOX.otherCk, ck: '2002' }, answer: rejected(400, 'ckMismatch', 'ck') },
      { name: 'a bound box', change: { device_id: BOX.owned }, answer: rejected(409, 'deviceAlreadyBound') },
    ],
  ),
  call('POST user_register/delete_device', { valid: () => ({ device_ids: [BOX.owned] }), unknownBox: NO_BOX, forbidden: 'demo_helper' }, () => [
    { name: 'a box it does not own', change: { device_ids: [BOX.owned, BOX.assigned] }, answer: rejected(403, 'deviceNotOwned') },
  ]),

  call(
    'POST device_user_permission/add_device_user_permission',
    { valid: ({ id }) => ({ device_id: BOX.shared, user_id: id.demo_user }), unknownUser: NOT_RECEIVER, unknownBox: NO_BOX },
    ({ id }) => [
      // demo_user neither owns nor shares BOX.owned: there is nothing to switch for it.
      { name: 'a box the user does not see', change: { device_id: BOX.owned, user_id: id.demo_user }, answer: rejected(403, 'deviceNotShared') },
      {
        name: 'a box someone else owns',
        caller: 'demo_sub3',
        change: { device_id: BOX.assigned, user_id: id.demo_sub2 },
        answer: rejected(403, 'deviceNotShared'),
      },
    ],
  ),
  call(
    'POST device_user_permission/del_device_user_permission',
    { valid: ({ id }) => ({ device_id: BOX.shared, user_id: id.demo_helper }), unknownUser: NOT_RECEIVER, unknownBox: NOT_SHARED },
    ({ id }) => [
      { name: 'a grant that does not exist', change: { device_id: BOX.owned }, answer: NOT_SHARED },
      { name: 'a grant someone else gave', caller: 'demo_sub2', change: { user_id: id.demo_helper }, answer: NOT_SHARED },
    ],
  ),
  call('GET device_user_permission/get_service_switch_users', { valid: () => ({ device_id: BOX.owned }), unknownBox: NO_BOX }, () => [
    { name: 'a box the caller does not see', change: { device_id: BOX.free }, answer: NO_BOX },
  ]),
  call('POST device_user_permission/add_all_device_user_permission', { valid: forUser('demo_helper'), unknownUser: NOT_RECEIVER }),
  call('POST device_user_permission/del_all_device_user_permission', { valid: forUser('demo_helper'), unknownUser: NOT_RECEIVER }),
];

/** Every case of a call: its fields' cases, its own, the forbidden caller, no session, and (POST) a body that is not an object. */
function casesOf(call: Call, world: World): Case[] {
  const answersFor = (kind: FieldKind) =>
    kind === 'box' || kind === 'boxes' ? { unknown: call.unknownBox, otherCk: call.otherCkBox } : { unknown: call.unknownUser };
  return [
    ...fieldsOf(call, world).flatMap(([field, kind]) => fieldCases(field, kind, answersFor(kind), world, methodOf(call))),
    ...(call.cases?.(world) ?? []),
    ...(call.forbidden ? [{ name: `as ${call.forbidden}`, caller: call.forbidden, answer: FORBIDDEN }] : []),
    { name: 'without a session', caller: null, answer: { status: 401, code: Code.TOKEN_INVALID, problems: [{ key: 'tokenInvalid' as const }] } },
    ...(methodOf(call) === 'POST'
      ? [
          { name: 'malformed JSON', raw: '{"user_id": ', answer: rejected(400, 'malformedJson') },
          { name: 'a list for a body', raw: '[1, 2]', answer: invalid('', 'invalidBody') },
        ]
      : []),
  ];
}

const LANGUAGES: Language[] = ['en', 'zh'];

describe.each(DATABASE_KINDS)('bad input on every user and permission call, on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const world: World = { id: {}, template: { own: 0, otherCk: 0 } };
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

  /** Everything a call may change, as text: compared before and after each bad call. */
  async function snapshot(): Promise<Record<string, string>> {
    const tables = {
      users: sql`select t::text as r from users t`,
      boxes: sql`select concat_ws(',', id, owner_id, assigned_by, owned_since) as r from boxes`,
      device_shares: sql`select t::text as r from device_shares t`,
      device_switch_grants: sql`select t::text as r from device_switch_grants t`,
      permission_templates: sql`select t::text as r from permission_templates t`,
      operation_logs: sql`select t::text as r from operation_logs t`,
      sessions: sql`select concat_ws(',', id, user_id, revoked_at, revoked_reason) as r from sessions`,
    };
    const entries = await Promise.all(
      Object.entries(tables).map(
        async ([table, query]) =>
          [
            table,
            (await rows<{ r: string }>(query))
              .map((row) => row.r)
              .sort()
              .join('\n'),
          ] as const,
      ),
    );
    return Object.fromEntries(entries);
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const [id, ck] of [
      [BOX.owned, '1001'],
      [BOX.otherCk, '2002'],
      [BOX.free, '1001'],
      [BOX.assigned, '1001'],
      [BOX.shared, '1001'],
    ] as const) {
      await t.app.services.boxes.register(box(id, ck, {}, [{ station: 1, device_type: 'maglev_blower' }]), null);
    }
    for (const row of await rows<{ id: number; username: string }>(sql`select id, username from users`)) world.id[row.username] = row.id;
    const owner = (boxId: string, username: string, assigner: string | null = null) =>
      t.database.db.execute(
        sql`update boxes set owner_id = ${world.id[username]}, assigned_by = ${assigner === null ? null : world.id[assigner]}, owned_since = now() where id = ${boxId}`,
      );
    await owner(BOX.owned, 'demo_manager');
    await owner(BOX.otherCk, 'demo_manager2');
    await owner(BOX.assigned, 'demo_sub2', 'demo_manager');
    await owner(BOX.shared, 'demo_manager');
    await t.database.db.execute(
      sql`insert into device_shares (box_id, user_id, granted_by, permission) values (${BOX.shared}, ${world.id.demo_helper}, ${world.id.demo_manager}, 'write')`,
    );
    await t.database.db.execute(
      sql`insert into device_switch_grants (box_id, user_id, granted_by) values (${BOX.shared}, ${world.id.demo_helper}, ${world.id.demo_manager})`,
    );
    const templates = await rows<{ id: number; ck: string }>(sql`select id, ck from permission_templates where name = ${DEMO_TEMPLATE_NAMES.operator}`);
    world.template = { own: templates.find((row) => row.ck === '1001')!.id, otherCk: templates.find((row) => row.ck === '2002')!.id };
    const callers = new Set([
      'demo_manager2',
      ...CALLS.flatMap((call) => [callerOf(call), call.forbidden, ...(call.cases?.(world) ?? []).map((entry) => entry.caller)]),
    ]);
    for (const user of callers) if (user) tokens[user] = await signIn(t.app, user, DEMO_PASSWORD);
  });
  afterAll(() => t.dispose());

  it('the domain says the spec’s messages in its words', () => {
    const english = new Set(Object.values(MESSAGES.en));
    expect(SPEC_WORDING.filter((text) => !english.has(text))).toEqual([]);
  });

  async function send(call: Call, entry: Case, language: Language) {
    const input: Input = { ...validInput(call, world) };
    for (const [field, value] of Object.entries(entry.change ?? {})) {
      if (value === MISSING) delete input[field];
      else input[field] = value;
    }
    const caller = entry.caller === undefined ? callerOf(call) : entry.caller;
    const headers: Record<string, string> = { 'accept-language': language, ...(caller ? { authorization: `Bearer ${tokens[caller]}` } : {}) };
    if (methodOf(call) === 'GET') {
      const query = new URLSearchParams(Object.entries(input).map(([field, value]): [string, string] => [field, String(value)])).toString();
      return t.app.inject({ method: 'GET', url: `/api/v2/${pathOf(call)}${query ? `?${query}` : ''}`, headers });
    }
    const payload = entry.raw ?? JSON.stringify(input);
    return t.app.inject({ method: 'POST', url: `/api/v2/${pathOf(call)}`, headers: { ...headers, 'content-type': 'application/json' }, payload });
  }

  describe.each(CALLS.map((call) => [call.route, call] as const))('%s', (_name, call) => {
    it('answers each bad input with its error in English and Chinese, and changes nothing', async () => {
      const before = await snapshot();
      const received: unknown[] = [];
      const expected: unknown[] = [];
      for (const entry of casesOf(call, world)) {
        for (const language of LANGUAGES) {
          const response = await send(call, entry, language);
          const body = response.json<{ code: number; message: string; data: { errors?: { field: string; message: string }[] } | null }>();
          const messageOf = (problem: Problem) =>
            formatMessage(language, problem.key, { ...(problem.field === undefined ? {} : { field: problem.field }), ...problem.params });
          const { answer } = entry;
          const byField = (errors: { field: string; message: string }[]) =>
            [...errors].sort((a, b) => `${a.field}${a.message}`.localeCompare(`${b.field}${b.message}`));
          received.push({
            case: entry.name,
            language,
            status: response.statusCode,
            code: body.code,
            messages: body.message.split('; ').sort(),
            errors: byField(body.data?.errors ?? []),
          });
          expected.push({
            case: entry.name,
            language,
            status: answer.status,
            code: answer.code ?? Code.REJECTED,
            messages: answer.problems.map(messageOf).sort(),
            errors: byField(
              answer.problems.filter((problem) => problem.field !== undefined).map((problem) => ({ field: problem.field!, message: messageOf(problem) })),
            ),
          });
        }
      }
      // Only the cases that answered otherwise, each beside what it should have answered.
      const wrong = received.flatMap((got, index) => (JSON.stringify(got) === JSON.stringify(expected[index]) ? [] : [{ got, want: expected[index] }]));
      expect(wrong).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });
  });

  /* The calls that had no test of their answer yet; they run after the bad input and change the fixture. */

  async function ok<T>(user: string, method: Method, path: string, input: Input = {}): Promise<T> {
    const response = await send(
      { route: `${method} ${path}`, caller: user, valid: () => input },
      { name: 'valid', answer: { status: 200, problems: [] } },
      'en',
    );
    expect({ path, status: response.statusCode }).toEqual({ path, status: 200 });
    return response.json<{ data: T }>().data;
  }
  const ownerOf = async (boxId: string) =>
    (
      await rows<{ owner: string | null; assigner: string | null }>(sql`select o.username as owner, a.username as assigner from boxes b
      left join users o on o.id = b.owner_id left join users a on a.id = b.assigned_by where b.id = ${boxId}`)
    )[0];

  it('get_level_models: the models of the caller’s CK, of one level when asked', async () => {
    const all = await ok<{ ck: string; name: string; level: number }[]>('demo_manager', 'GET', 'user_register/get_level_models');
    expect(all.map((model) => [model.ck, model.name]).sort()).toEqual(
      [
        ['1001', DEMO_TEMPLATE_NAMES.full],
        ['1001', DEMO_TEMPLATE_NAMES.operator],
      ].sort(),
    );
    expect(await ok('demo_manager', 'GET', 'user_register/get_level_models', { level: 0 })).toHaveLength(2);
    expect(await ok('demo_manager', 'GET', 'user_register/get_level_models', { level: 3 })).toEqual([]);
    expect((await ok<{ ck: string }[]>('demo_manager2', 'GET', 'user_register/get_level_models')).map((model) => model.ck)).toEqual(['2002', '2002']);
  });

  it('get_unassigned_devices: the boxes the caller owns, searched and paged', async () => {
    const page = await ok<{ total: number; items: { box_id: string }[] }>('demo_manager', 'GET', 'user_register/get_unassigned_devices');
    expect(page.items.map((item) => item.box_id)).toEqual([BOX.owned, BOX.shared]);
    expect(page.total).toBe(2);
    expect(await ok('demo_manager', 'GET', 'user_register/get_unassigned_devices', { page: 2, page_size: 1 })).toMatchObject({
      total: 2,
      items: [{ box_id: BOX.shared }],
    });
    expect(await ok('demo_manager', 'GET', 'user_register/get_unassigned_devices', { keyword: BOX.shared })).toMatchObject({
      total: 1,
      items: [{ box_id: BOX.shared }],
    });
    expect(await ok('demo_sub2', 'GET', 'user_register/get_unassigned_devices')).toMatchObject({ total: 1, items: [{ box_id: BOX.assigned }] });
  });

  it('change_manager_model gives a direct sub-manager a model of the CK, and takes it away', async () => {
    const given = await ok<{ template_id: number; template_name: string }>('demo_manager', 'POST', 'user_register/change_manager_model', {
      manager_id: world.id.demo_sub2,
      template_id: world.template.own,
    });
    expect(given).toMatchObject({ template_id: world.template.own, template_name: DEMO_TEMPLATE_NAMES.operator });
    expect(await rows(sql`select template_id from users where id = ${world.id.demo_sub2}`)).toEqual([{ template_id: world.template.own }]);
    expect(await ok('demo_manager', 'POST', 'user_register/change_manager_model', { manager_id: world.id.demo_sub2, template_id: null })).toMatchObject({
      template_id: null,
      template_name: null,
    });
  });

  it('batch_assign_devices moves every box down; recall_all_assigned_device gives every box assigned to the user back, audited', async () => {
    expect(
      await ok('demo_manager', 'POST', 'user_register/batch_assign_devices', { device_ids: [BOX.owned, BOX.shared], user_id: world.id.demo_sub2 }),
    ).toEqual({ changed: 2 });
    for (const boxId of [BOX.owned, BOX.shared]) expect(await ownerOf(boxId)).toEqual({ owner: 'demo_sub2', assigner: 'demo_manager' });
    const assigned = await rows<{ box_id: string; new_value: string }>(
      sql`select box_id, new_value from operation_logs where action = 'assign_device' order by box_id`,
    );
    expect(assigned).toEqual([
      { box_id: BOX.owned, new_value: 'demo_sub2' },
      { box_id: BOX.shared, new_value: 'demo_sub2' },
    ]);

    expect(await ok('demo_service_plus', 'POST', 'user_register/recall_all_assigned_device', { user_id: world.id.demo_sub2 })).toEqual({ changed: 3 });
    for (const boxId of [BOX.owned, BOX.shared, BOX.assigned]) expect(await ownerOf(boxId)).toEqual({ owner: 'demo_manager', assigner: null });
    const recalled = await rows<{ box_id: string; username: string; old_value: string; new_value: string }>(
      sql`select box_id, username, old_value, new_value from operation_logs where action = 'recall_assigned_device' order by box_id`,
    );
    expect(recalled).toEqual(
      [BOX.owned, BOX.assigned, BOX.shared]
        .sort()
        .map((boxId) => ({ box_id: boxId, username: 'demo_service_plus', old_value: 'demo_sub2', new_value: 'demo_manager' })),
    );
    expect(await ok('demo_service_plus', 'POST', 'user_register/recall_all_assigned_device', { user_id: world.id.demo_sub2 })).toEqual({ changed: 0 });
  });

  it('add_all / del_all_device_user_permission grant and revoke switching on every box the caller owns or shared with the user', async () => {
    const [mark] = await rows<{ id: number }>(sql`select coalesce(max(id), 0)::int as id from operation_logs`);
    await ok('demo_manager', 'POST', 'user_register/share_device', { device_id: BOX.owned, user_id: world.id.demo_helper, permission: 'read' });
    const grants = async () =>
      (await rows<{ box_id: string }>(sql`select box_id from device_switch_grants where user_id = ${world.id.demo_helper} order by box_id`)).map(
        (row) => row.box_id,
      );
    // Only the boxes the helper sees: BOX.assigned is demo_manager's but not shared with it.
    expect(await ok('demo_manager', 'POST', 'device_user_permission/add_all_device_user_permission', { user_id: world.id.demo_helper })).toEqual({
      changed: 2,
    });
    expect(await grants()).toEqual([BOX.owned, BOX.shared]);
    const switchOn = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/devices/${BOX.owned}/controllers/1/write`,
        headers: { authorization: `Bearer ${tokens.demo_helper}` },
        payload: { register: 43, value: '1' },
      });
    expect((await switchOn()).statusCode).toBe(200);
    expect(await ok('demo_manager', 'POST', 'device_user_permission/del_all_device_user_permission', { user_id: world.id.demo_helper })).toEqual({
      changed: 2,
    });
    expect(await grants()).toEqual([]);
    expect((await switchOn()).statusCode).toBe(403);
    const audit = await rows<{ action: string; n: number }>(
      sql`select action, count(*)::int as n from operation_logs where id > ${mark!.id} and action in ('grant_switch', 'revoke_switch') group by action order by action`,
    );
    expect(audit).toEqual([
      { action: 'grant_switch', n: 2 },
      { action: 'revoke_switch', n: 2 },
    ]);
  });
});
