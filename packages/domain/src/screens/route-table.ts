import type { AccessName } from '../roles.js';

/**
 * The route table of SPEC.md section 2 with the visibility of section 6. The console's menu,
 * breadcrumbs, tabs, header search and page titles, and the server's screen guards, all read
 * this one table. `meta.title` is a translation key under `route.` in the console's locales.
 */
/**
 * `digits`: digits only (SPEC.md section 5); `text`: any segment; `day`: a real day `YYYYMMDD` or an
 * instant; `instant`: epoch seconds (10 digits) or milliseconds (13 digits). Digits that name no
 * day (`20261399`) are not a `day`: such a path is a 404 like any other bad parameter.
 */
export type ParamKind = 'digits' | 'text' | 'day' | 'instant';

export interface RouteMeta {
  title: string;
  icon?: string;
  roles?: readonly AccessName[];
  /** Wins over `roles`: any listed name hides the route. */
  exceptRoles?: readonly AccessName[];
  /** Pinned in the tab bar; cannot be closed. */
  affix?: boolean;
  /** Not kept alive when the tab is left. */
  noCache?: boolean;
  /** Not in the sidebar (still reachable, still in the header search if it has no params). */
  hidden?: boolean;
  /** Show the group even when it has a single visible child. */
  alwaysShow?: boolean;
  /** Route parameters appended to the tab title, in order. */
  tabTitleParams?: readonly string[];
}

export interface RouteNode {
  /** Absolute for top-level entries, relative to the parent otherwise. */
  path: string;
  /** Unique; the console maps it to a screen and uses it as the keep-alive key. */
  name?: string;
  redirect?: string;
  meta?: RouteMeta;
  /** What each `:param` accepts; unlisted params accept digits only (SPEC.md section 5). */
  params?: Readonly<Record<string, ParamKind>>;
  children?: readonly RouteNode[];
}

const ROOT: readonly AccessName[] = ['root'];
const DEVICE_TAB = ['tag_id', 'controller_id'] as const;
const TIME_TAB = ['tag_id', 'time'] as const;

function leaf(path: string, name: string, meta: Omit<RouteMeta, 'title'> & { title?: string } = {}, params?: Record<string, ParamKind>): RouteNode {
  return { path, name, meta: { title: name, ...meta }, ...(params ? { params } : {}) };
}

function group(path: string, title: string, icon: string, meta: Omit<RouteMeta, 'title' | 'icon'>, children: RouteNode[]): RouteNode {
  return {
    path,
    redirect: `${path}/${children[0]?.path ?? ''}`,
    meta: { title, icon, alwaysShow: true, ...meta },
    children,
  };
}

const deviceRoute = (path: string, name: string, params?: Record<string, ParamKind>) =>
  leaf(path, name, { hidden: true, tabTitleParams: path.includes(':time') ? TIME_TAB : path.includes(':controller_id') ? DEVICE_TAB : ['tag_id'] }, params);

export const LAYOUT_ROUTES: readonly RouteNode[] = [
  {
    path: '/',
    redirect: '/dashboard',
    children: [leaf('dashboard', 'dashboard', { icon: 'dashboard', affix: true })],
  },
  {
    path: '/profile',
    redirect: '/profile/index',
    meta: { title: 'profile', hidden: true },
    children: [leaf('index', 'profile', { icon: 'user', hidden: true, noCache: true })],
  },
  group('/devices', 'devices', 'monitor', {}, [
    leaf('devices-show', 'devicesShow', { icon: 'table' }),
    leaf('map', 'mapMonitoring', { icon: 'environment' }),
    deviceRoute('controller/:tag_id/:controller_id', 'controller'),
    deviceRoute('plcController/:tag_id/:controller_id', 'plcController'),
    deviceRoute('box/:tag_id', 'box'),
    leaf('events/templates', 'eventTemplates', { hidden: true }),
    deviceRoute('history/:tag_id/:controller_id', 'history'),
    deviceRoute('plcHistory/:tag_id/:controller_id', 'plcHistory'),
    deviceRoute('error-record/:tag_id/:controller_id', 'errorRecord'),
    deviceRoute('error-details/:tag_id/:time', 'errorDetails', { time: 'instant' }),
    deviceRoute('history-charts/:tag_id/:time', 'historyCharts', { tag_id: 'text', time: 'day' }),
    deviceRoute('k-line/:tag_id/:controller_id', 'kLine', { tag_id: 'text' }),
    leaf('export-errors', 'exportErrors', { icon: 'export' }),
    deviceRoute('maglev-controller/:tag_id/:controller_id', 'maglevController'),
    deviceRoute('maglev-charts/:tag_id/:time', 'maglevCharts', { tag_id: 'text', time: 'day' }),
    deviceRoute('maglev-region/:tag_id/:controller_id', 'maglevRegion'),
  ]),
  group('/bigScreen', 'bigScreen', 'fund', {}, [
    leaf('bg-screen', 'bgScreen', { icon: 'fund' }),
    leaf('bg-map/:tag_id', 'bgMap', { hidden: true, tabTitleParams: ['tag_id'] }),
  ]),
  group('/usermanager', 'userManager', 'team', {}, [
    leaf('change-password', 'changePassword', { icon: 'lock' }),
    leaf('add-device', 'addDevice', { icon: 'plus', roles: ['manager', 'qualityController', 'afterSales', 'afterSalesPlus'] }),
    leaf('add-manager', 'addManager', { hidden: true, roles: ['manager', 'afterSalesPlus'], exceptRoles: ['limited_admin', 'end_user'] }),
    leaf('edit-manager', 'editManager', { icon: 'solution', roles: ['manager', 'afterSales', 'afterSalesPlus'], exceptRoles: ['limited_admin', 'end_user'] }),
    leaf('add-helper', 'addHelper', { hidden: true, roles: ['manager'], exceptRoles: ['limited_admin'] }),
    leaf('edit-helper', 'editHelper', { icon: 'usergroup', roles: ['manager', 'afterSales', 'afterSalesPlus'], exceptRoles: ['limited_admin'] }),
    leaf('helper-device', 'helperDevice', { hidden: true, noCache: true, roles: ['manager', 'afterSales', 'afterSalesPlus'], exceptRoles: ['limited_admin'] }),
    leaf('manager-device', 'managerDevice', {
      hidden: true,
      noCache: true,
      roles: ['manager', 'afterSales', 'afterSalesPlus'],
      exceptRoles: ['limited_admin', 'end_user'],
    }),
    leaf('delete-device', 'deleteDevice', { icon: 'delete', roles: ['showDelBox'], exceptRoles: ['market', 'helper', 'qualityController'] }),
    // "User permission management" of SPEC.md section 2 (a title without a path): a company's accounts of every role.
    leaf('ck-users', 'ckUsers', { icon: 'idcard', roles: ['root', 'manufacturer'] }),
  ]),
  group('/iccid', 'iccid', 'credit-card', { exceptRoles: ['market'] }, [
    leaf('expired-device-list', 'expiredDeviceList'),
    leaf('recharge-tips', 'rechargeTips', { roles: ['manufacturer', 'root'] }),
    leaf('recharge-feedback', 'rechargeFeedback', { roles: ['showFeedback', 'root'] }),
  ]),
  group(
    '/qrManage',
    'qrManage',
    'qrcode',
    { roles: ['root', 'limited_admin', 'manufacturer', 'district_distributor', 'regional_distributor'], exceptRoles: ['market', 'helper'] },
    [
      leaf('pwd-quota', 'pwdQuota', { roles: ['manufacturer', 'district_distributor', 'regional_distributor'] }),
      leaf('calculate-dynamic-pwd', 'calculateDynamicPwd', { roles: ['root', 'limited_admin', 'manufacturer'] }),
      leaf('bind-list', 'bindList', { roles: ['manufacturer', 'root', 'district_distributor', 'regional_distributor'] }),
      leaf('pwd-list', 'pwdList', { roles: ['manufacturer', 'root', 'district_distributor', 'regional_distributor'] }),
    ],
  ),
  group('/msg', 'msg', 'message', { exceptRoles: ['market'] }, [
    leaf('notification-list', 'notificationList'),
    leaf('announcement-list', 'announcementList'),
    leaf('excel-settings', 'excelSettings', { roles: ['manufacturer', 'root'] }),
  ]),
  group('/datalog', 'datalog', 'file-text', {}, [leaf('operation-log', 'operationLog'), leaf('server-log', 'serverLog')]),
  group('/smartbox', 'smartbox', 'hdd', { roles: ['root', 'limited_admin', 'manufacturer'], exceptRoles: ['helper', 'market'] }, [
    leaf('upload', 'boxUpload', { roles: ROOT }),
    leaf('config/upload/:id/:language', 'boxConfigUpload', { hidden: true, roles: ROOT }, { language: 'text' }),
    leaf('config/protocol/:id/:language', 'boxConfigProtocol', { hidden: true, roles: ROOT }, { language: 'text' }),
    leaf('ip-log', 'ipLog', { roles: ROOT }),
    leaf('box-address', 'boxAddress', { roles: ROOT }),
    leaf('box-assign', 'boxAssign', { roles: ['root', 'limited_admin'] }),
    leaf('device-property', 'deviceProperty', { roles: ROOT }),
    leaf('ip-config', 'ipConfig', { roles: ROOT }),
    leaf('box-ck', 'boxCk', { roles: ROOT }),
    leaf('box-delete', 'boxDelete', { roles: ROOT }),
    leaf('box-dws', 'boxDws', { roles: ROOT }),
    leaf('box-software', 'boxSoftware', { roles: ROOT }),
    leaf('box-clear-fault-record', 'boxClearFaultRecord', { roles: ['root', 'limited_admin', 'manufacturer'] }),
  ]),
  group('/box-reg-info', 'boxRegInfo', 'form', { roles: ['root', 'limited_admin'] }, [leaf('list', 'boxRegList'), leaf('create', 'boxRegCreate')]),
  group('/device-type', 'deviceType', 'cluster', { roles: ROOT }, [
    leaf('relation', 'typeRelation'),
    leaf('type-events', 'typeEvents'),
    leaf('permission', 'typePermission'),
    leaf('CK-config', 'ckConfig'),
    leaf('CK-config/model/:ck', 'ckConfigModel', { hidden: true, tabTitleParams: ['ck'] }),
    leaf('type-config', 'typeConfig'),
    leaf('type-config/edit/:id', 'typeConfigEdit', { hidden: true, tabTitleParams: ['id'] }),
    leaf('type-config/upload/:id/:language', 'typeConfigUpload', { hidden: true, tabTitleParams: ['id', 'language'] }, { language: 'text' }),
    leaf('type-config/page/:id/:alias', 'typeConfigPage', { hidden: true, tabTitleParams: ['id', 'alias'] }, { alias: 'text' }),
    leaf(
      'type-config/protocol/:id/:alias/:language',
      'typeConfigProtocol',
      { hidden: true, tabTitleParams: ['id', 'alias', 'language'] },
      { alias: 'text', language: 'text' },
    ),
    leaf('chart', 'typeChart'),
    leaf('permission/modify/:id', 'typePermissionModify', { hidden: true, tabTitleParams: ['id'] }),
  ]),
  group('/events', 'events', 'alert', { roles: ROOT }, [leaf('events-list', 'eventsList'), leaf('events-add', 'eventsAdd'), leaf('events-log', 'eventsLog')]),
  group('/notice', 'notice', 'notification', { roles: ROOT }, [
    leaf('notice-list', 'noticeList'),
    leaf('notice-create', 'noticeCreate'),
    leaf('notification-management', 'notificationManagement'),
    leaf('notification-log', 'notificationLog'),
  ]),
  group('/chartsManage', 'chartsManage', 'line-chart', { roles: ROOT }, [
    leaf('gauge-charts', 'gaugeCharts'),
    leaf('add-gauge-chart', 'addGaugeChart', { hidden: true }),
    leaf('stacked-charts', 'stackedCharts'),
    leaf('add-stacked-chart', 'addStackedChart', { hidden: true }),
    leaf('stop-status', 'stopStatus'),
    leaf('add-stop-status', 'addStopStatus', { hidden: true }),
  ]),
  group('/plcProgram', 'plcProgram', 'code', { roles: ROOT }, [
    leaf('plc-program-list', 'plcProgramList'),
    leaf('plc-program-upload', 'plcProgramUpload'),
    leaf('plc-program-record', 'plcProgramRecord'),
  ]),
  group('/scripts', 'scripts', 'thunderbolt', { roles: ROOT }, [
    leaf('scripts-list', 'scriptsList'),
    leaf('load', 'scriptLoad'),
    leaf('reset-pwd', 'scriptResetPwd'),
    leaf('ck-pwd', 'scriptCkPwd'),
    leaf('check-inactive', 'scriptCheckInactive'),
    leaf('batch-modify-box', 'scriptBatchModifyBox'),
    leaf('batch-modify-params', 'scriptBatchModifyParams'),
    leaf('reset-device', 'scriptResetDevice'),
    leaf('ws-demo', 'scriptWsDemo'),
  ]),
  group('/tools', 'tools', 'tool', { roles: ROOT }, [leaf('redis', 'redis')]),
];
