import type { Role } from './roles.js';
import { GENERIC_PLC, MAGLEV_BLOWER } from './device-types/basics.js';
import { DEVICE_TYPES } from './device-types/catalog.js';
import type { HelperType } from './user-register/hierarchy.js';
import type { RegisterRight, TemplateRights } from './user-register/templates.js';

/**
 * The accounts that demo mode (DEMO=1, the default of `npm start`) creates: one per role in CK 1001
 * (demo_root in none), a hierarchy of sub-managers below demo_manager, and a second company (CK 2002)
 * with its own manager and helper. The server seeds exactly these; the README, the end-to-end tests
 * and the login page's demo hint read them from here.
 */
export const DEMO_PASSWORD = 'demo123456';

export const DEMO_CK_CODES = [
  { code: '1001', name: 'Demo Factory' },
  { code: '2002', name: 'Second Company' },
] as const;

export interface DemoAccount {
  username: string;
  role: Role;
  password: string;
  /** null for root, which belongs to no CK. */
  ck: string | null;
  level?: number;
  isManager?: boolean;
  showFeedback?: boolean;
  showDelBox?: boolean;
  /** User name of the manager this account works for. */
  parent?: string;
  /** A sub-manager that hides its devices from its superiors. */
  shieldDevices?: boolean;
  helperType?: HelperType;
  /** Name of the demo permission template it is given (DEMO_TEMPLATE_NAMES). */
  template?: string;
}

const IN_DEMO_CK = { password: DEMO_PASSWORD, ck: '1001' } as const;
const IN_SECOND_CK = { password: DEMO_PASSWORD, ck: '2002' } as const;

/** The permission templates demo mode gives each demo CK: every register, and an operator's (demo_helper's). */
export const DEMO_TEMPLATE_NAMES = { full: '全部权限', operator: '操作员' } as const;

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'demo_root', role: 'root', password: DEMO_PASSWORD, ck: null },
  { username: 'demo_maker', role: 'manufacturer', ...IN_DEMO_CK, showFeedback: true },
  { username: 'demo_district', role: 'district_distributor', ...IN_DEMO_CK },
  // A regional distributor under the district one: demo_district sees the boxes sold through both.
  { username: 'demo_region', role: 'regional_distributor', ...IN_DEMO_CK, parent: 'demo_district' },
  { username: 'demo_manager', role: 'manager', ...IN_DEMO_CK, level: 1, isManager: true, showDelBox: true },
  { username: 'demo_limited', role: 'limited_admin', ...IN_DEMO_CK },
  { username: 'demo_helper', role: 'helper', ...IN_DEMO_CK, parent: 'demo_manager', helperType: 'operator', template: DEMO_TEMPLATE_NAMES.operator },
  { username: 'demo_market', role: 'market', ...IN_DEMO_CK },
  { username: 'demo_qc', role: 'qualityController', ...IN_DEMO_CK },
  { username: 'demo_service', role: 'afterSales', ...IN_DEMO_CK },
  { username: 'demo_service_plus', role: 'afterSalesPlus', ...IN_DEMO_CK },
  { username: 'demo_user', role: 'end_user', ...IN_DEMO_CK, parent: 'demo_manager' },
  // The hierarchy below demo_manager (issue 5): two levels of sub-managers and one that shields.
  { username: 'demo_sub2', role: 'manager', ...IN_DEMO_CK, level: 2, isManager: true, parent: 'demo_manager' },
  { username: 'demo_sub3', role: 'manager', ...IN_DEMO_CK, level: 3, isManager: true, parent: 'demo_sub2' },
  { username: 'demo_shield', role: 'manager', ...IN_DEMO_CK, level: 2, isManager: true, parent: 'demo_manager', shieldDevices: true },
  // The second company, with its own staff and devices.
  { username: 'demo_manager2', role: 'manager', ...IN_SECOND_CK, level: 1, isManager: true, showDelBox: true },
  { username: 'demo_helper2', role: 'helper', ...IN_SECOND_CK, parent: 'demo_manager2', helperType: 'maintainer' },
];

/**
 * The set points an operator may change: the process targets of a blower and a PLC line. The
 * configuration stays out of the operator's view (a blower's control mode, a PLC's production
 * target and offsets, a compressor's load and unload pressures).
 */
const OPERATOR_SET_POINTS: Readonly<Record<string, readonly number[]>> = {
  maglev_blower: [MAGLEV_BLOWER.speedSetPoint, MAGLEV_BLOWER.pressureSetPoint],
  generic_plc: [GENERIC_PLC.cycleTimeSetPoint, GENERIC_PLC.speedReference],
};

/**
 * The rights of the demo templates, from the device catalog: `full` reads every register and
 * writes every writable one; `operator` reads the readings, may start and stop, and reads and
 * writes the set points above, but neither sees nor changes other parameters. A share still caps
 * it: on a read-only share the operator's set points are shown, not written.
 */
export function demoTemplateRights(kind: keyof typeof DEMO_TEMPLATE_NAMES): TemplateRights {
  return Object.fromEntries(
    DEVICE_TYPES.map((type) => [
      type.id,
      Object.fromEntries(
        type.registers.flatMap((register): [string, RegisterRight][] => {
          if (!register.writable) return [[String(register.number), 'r']];
          if (kind === 'full' || register.onOff || OPERATOR_SET_POINTS[type.id]?.includes(register.number)) return [[String(register.number), 'rw']];
          return [];
        }),
      ),
    ]),
  );
}
