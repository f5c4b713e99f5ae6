import type { Role } from './roles.js';

/**
 * The accounts that demo mode (DEMO=1, the default of `npm start`) creates: one per role, all in
 * CK 1001 except demo_root. The server seeds exactly these; the README, the end-to-end tests and
 * the login page's demo hint read them from here.
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
}

const IN_DEMO_CK = { password: DEMO_PASSWORD, ck: '1001' } as const;

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'demo_root', role: 'root', password: DEMO_PASSWORD, ck: null },
  { username: 'demo_maker', role: 'manufacturer', ...IN_DEMO_CK, showFeedback: true },
  { username: 'demo_district', role: 'district_distributor', ...IN_DEMO_CK },
  { username: 'demo_region', role: 'regional_distributor', ...IN_DEMO_CK },
  { username: 'demo_manager', role: 'manager', ...IN_DEMO_CK, level: 1, isManager: true, showDelBox: true },
  { username: 'demo_limited', role: 'limited_admin', ...IN_DEMO_CK },
  { username: 'demo_helper', role: 'helper', ...IN_DEMO_CK, parent: 'demo_manager' },
  { username: 'demo_market', role: 'market', ...IN_DEMO_CK },
  { username: 'demo_qc', role: 'qualityController', ...IN_DEMO_CK },
  { username: 'demo_service', role: 'afterSales', ...IN_DEMO_CK },
  { username: 'demo_service_plus', role: 'afterSalesPlus', ...IN_DEMO_CK },
  { username: 'demo_user', role: 'end_user', ...IN_DEMO_CK },
];
