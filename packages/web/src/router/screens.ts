import { matchRoute } from '@cloudbox/domain';
import { createElement, lazy, type ComponentType } from 'react';
import { readAheadOverview } from '../components/Overview/read-ahead';
import { readAhead as readAheadDeviceList } from '../pages/devices/devices-show/read-ahead';
import { readAhead } from '../utils/request';
import { groupAt } from './guard';

/**
 * The screen of every route of the table, by route name (`RouteNode.name`). Screens still to be
 * built show the shared "arrives with a later release" state; a feature replaces its entry here.
 */

/** Where a screen is: its route's parameters and the query of its URL. */
export interface ScreenRoute {
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
}

interface ScreenModule {
  default: ComponentType;
}

/**
 * What a screen reads first, made of the same API calls as its queries (`readAhead` in
 * utils/request.ts sends them before the screen mounts). A module of its own, apart from the
 * screen's: its reads go out beside the user's info, not once the screen's code (a table, ECharts)
 * has downloaded.
 */
type ReadAhead = (route: ScreenRoute) => void;

/**
 * Each screen's reads ahead: the dashboard's (where every sign-in lands) and the device list's in the
 * entry chunk (a few kB), so they go out before the console's scripts are asked for (the browser
 * sends six requests at a time to a server, and on a first visit some eighty scripts queue); the
 * curves' in a chunk of their own, asked for first.
 */
const READ_AHEAD: Readonly<Record<string, ReadAhead | { load: () => Promise<ReadAhead> }>> = {
  dashboard: readAheadOverview,
  devicesShow: readAheadDeviceList,
  historyCharts: {
    load: () => import('../pages/devices/history-charts/read-ahead').then((module) => (route) => module.readAheadDayCurves(route, 'controller')),
  },
  maglevCharts: { load: () => import('../pages/devices/history-charts/read-ahead').then((module) => (route) => module.readAheadDayCurves(route, 'maglev')) },
};

const LOADERS: Readonly<Record<string, () => Promise<ScreenModule>>> = {
  dashboard: () => import('../pages/dashboard'),
  profile: () => import('../pages/profile'),
  devicesShow: () => import('../pages/devices/devices-show'),
  mapMonitoring: () => import('../pages/devices/map'),
  controller: () => import('../pages/devices/controller'),
  plcController: () => import('../pages/devices/plcController'),
  box: () => import('../pages/devices/box'),
  eventTemplates: () => import('../pages/devices/event-templates'),
  history: () => import('../pages/devices/history'),
  plcHistory: () => import('../pages/devices/plcHistory'),
  errorRecord: () => import('../pages/devices/error-record'),
  errorDetails: () => import('../pages/devices/error-details'),
  historyCharts: () => import('../pages/devices/history-charts'),
  kLine: () => import('../pages/devices/k-line'),
  exportErrors: () => import('../pages/devices/export-errors'),
  maglevController: () => import('../pages/devices/maglev-controller'),
  maglevCharts: () => import('../pages/devices/maglev-charts'),
  maglevRegion: () => import('../pages/devices/maglev-region'),
  bgScreen: () => import('../pages/big-screen/bg-screen'),
  bgMap: () => import('../pages/big-screen/bg-map'),
  operationLog: () => import('../pages/datalog/operation-log'),
  changePassword: () => import('../pages/usermanager/change-password'),
  addDevice: () => import('../pages/usermanager/add-device'),
  addManager: () => import('../pages/usermanager/add-manager'),
  editManager: () => import('../pages/usermanager/edit-manager'),
  addHelper: () => import('../pages/usermanager/add-helper'),
  editHelper: () => import('../pages/usermanager/edit-helper'),
  helperDevice: () => import('../pages/usermanager/helper-device'),
  managerDevice: () => import('../pages/usermanager/manager-device'),
  deleteDevice: () => import('../pages/usermanager/delete-device'),
  ckUsers: () => import('../pages/usermanager/ck-users'),
  expiredDeviceList: () => import('../pages/iccid/expired-device-list'),
  rechargeTips: () => import('../pages/iccid/recharge-tips'),
  rechargeFeedback: () => import('../pages/iccid/recharge-feedback'),
  pwdQuota: () => import('../pages/qrManage/pwd-quota'),
  calculateDynamicPwd: () => import('../pages/qrManage/calculate-dynamic-pwd'),
  bindList: () => import('../pages/qrManage/bind-list'),
  pwdList: () => import('../pages/qrManage/pwd-list'),
  notificationList: () => import('../pages/msg/notification-list'),
  announcementList: () => import('../pages/msg/announcement-list'),
  excelSettings: () => import('../pages/msg/excel-settings'),
  serverLog: () => import('../pages/datalog/server-log'),
  boxUpload: () => import('../pages/smartbox/upload'),
  boxConfigUpload: () => import('../pages/smartbox/config-upload'),
  boxConfigProtocol: () => import('../pages/smartbox/config-protocol'),
  ipLog: () => import('../pages/smartbox/ip-log'),
  boxAddress: () => import('../pages/smartbox/box-address'),
  boxAssign: () => import('../pages/smartbox/box-assign'),
  deviceProperty: () => import('../pages/smartbox/device-property'),
  ipConfig: () => import('../pages/smartbox/ip-config'),
  boxCk: () => import('../pages/smartbox/box-ck'),
  boxDelete: () => import('../pages/smartbox/box-delete'),
  boxDws: () => import('../pages/smartbox/box-dws'),
  boxSoftware: () => import('../pages/smartbox/box-software'),
  boxClearFaultRecord: () => import('../pages/smartbox/box-clear-fault-record'),
  boxRegList: () => import('../pages/box-reg-info/list'),
  boxRegCreate: () => import('../pages/box-reg-info/create'),
  typeRelation: () => import('../pages/device-type/relation'),
  typeEvents: () => import('../pages/device-type/type-events'),
  typePermission: () => import('../pages/device-type/permission'),
  ckConfig: () => import('../pages/device-type/ck-config'),
  ckConfigModel: () => import('../pages/device-type/ck-config-model'),
  typeConfig: () => import('../pages/device-type/type-config'),
  typeConfigEdit: () => import('../pages/device-type/type-config-edit'),
  typeConfigUpload: () => import('../pages/device-type/type-config-upload'),
  typeConfigPage: () => import('../pages/device-type/type-config-page'),
  typeConfigProtocol: () => import('../pages/device-type/type-config-protocol'),
  typeChart: () => import('../pages/device-type/chart'),
  typePermissionModify: () => import('../pages/device-type/permission-modify'),
  eventsList: () => import('../pages/events/events-list'),
  eventsAdd: () => import('../pages/events/events-add'),
  eventsLog: () => import('../pages/events/events-log'),
  noticeList: () => import('../pages/notice/notice-list'),
  noticeCreate: () => import('../pages/notice/notice-create'),
  notificationManagement: () => import('../pages/notice/notification-management'),
  notificationLog: () => import('../pages/notice/notification-log'),
  gaugeCharts: () => import('../pages/charts-manage/gauge-charts'),
  addGaugeChart: () => import('../pages/charts-manage/add-gauge-chart'),
  stackedCharts: () => import('../pages/charts-manage/stacked-charts'),
  addStackedChart: () => import('../pages/charts-manage/add-stacked-chart'),
  stopStatus: () => import('../pages/charts-manage/stop-status'),
  addStopStatus: () => import('../pages/charts-manage/add-stop-status'),
  plcProgramList: () => import('../pages/plcProgram/plc-program-list'),
  plcProgramUpload: () => import('../pages/plcProgram/plc-program-upload'),
  plcProgramRecord: () => import('../pages/plcProgram/plc-program-record'),
  scriptsList: () => import('../pages/scripts/scripts-list'),
  scriptLoad: () => import('../pages/scripts/load'),
  scriptResetPwd: () => import('../pages/scripts/reset-pwd'),
  scriptCkPwd: () => import('../pages/scripts/ck-pwd'),
  scriptCheckInactive: () => import('../pages/scripts/check-inactive'),
  scriptBatchModifyBox: () => import('../pages/scripts/batch-modify-box'),
  scriptBatchModifyParams: () => import('../pages/scripts/batch-modify-params'),
  scriptResetDevice: () => import('../pages/scripts/reset-device'),
  scriptWsDemo: () => import('../pages/scripts/ws-demo'),
  redis: () => import('../pages/tools/redis'),
};

/** The screens whose chunk is in: they render at once, without a Suspense fallback. */
const loaded = new Map<string, ComponentType>();

function loadScreen(name: string, load: () => Promise<ScreenModule>): Promise<ScreenModule> {
  return load().then((module) => {
    loaded.set(name, module.default);
    return module;
  });
}

/** A route's screen: the module itself once its chunk is in (preloaded by the guard), else a lazy component. */
function screenOf(name: string, load: () => Promise<ScreenModule>): ComponentType {
  const Lazy = lazy(() => loadScreen(name, load));
  function Screen() {
    return createElement(loaded.get(name) ?? Lazy);
  }
  Screen.displayName = `Screen(${name})`;
  return Screen;
}

export const SCREENS: Readonly<Record<string, ComponentType>> = Object.fromEntries(Object.entries(LOADERS).map(([name, load]) => [name, screenOf(name, load)]));

/**
 * Loads the chunk of the screen at `pathname` (if it has one). The guard starts it alongside the
 * user's info and the console shell, and waits for it: the screen then renders in the shell's
 * first commit (no fallback, no Suspense reveal delay). On the first page of a visit
 * (`withData`), the screen's first reads go out at once, or as soon as its small `READ_AHEAD` module is in,
 * beside the user's info and the screen's chunk; later navigations find their data in the query cache or ask for it themselves.
 */
export function preloadScreen(pathname: string, search: string, withData: boolean): Promise<unknown> {
  // A group path leads to its declared page: `/`, where signing in goes, to the dashboard.
  const match = matchRoute(groupAt(pathname)?.redirect ?? pathname);
  const name = match?.route.name;
  const load = name ? LOADERS[name] : undefined;
  if (!match || !name || !load) return Promise.resolve();
  const reads = withData ? READ_AHEAD[name] : undefined;
  if (reads) {
    const route = { params: match.params, query: new URLSearchParams(search) };
    const send = (read: ReadAhead) => readAhead(() => read(route));
    if (typeof reads === 'function') send(reads);
    else
      void reads
        .load()
        .then(send)
        .catch(() => undefined); // the screen reads for itself
  }
  return loadScreen(name, load).catch(() => undefined);
}
