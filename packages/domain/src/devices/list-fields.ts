import type { MessageKey } from '../messages.js';

/**
 * The device list's fields: its sort fields, expiry groups, column headers and export names. Apart
 * from the list's schemas (./list.ts), so that the console's list reads them without zod.
 */

/** Boxes by the month their SIM service expires, in the CK's time zone (the renewal screens' groups). */
export const EXPIRY_GROUPS = ['last_month', 'this_month', 'next_month'] as const;
export type ExpiryGroup = (typeof EXPIRY_GROUPS)[number];

/** The fields the device list sorts by; ties are broken by box id and station. */
export const DEVICE_SORT_FIELDS = [
  'box_id',
  'controller_id',
  'ck',
  'status',
  'owner_unit',
  'model',
  'device_type',
  'machine_model',
  'iot_model',
  'iccid',
  'install_date',
  'expiry_date',
  'last_seen_at',
] as const;
export type DeviceSortField = (typeof DEVICE_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;

/** Column headers of the device list and its export. */
export const DEVICE_FIELD_LABELS = {
  box_id: 'columnBoxId',
  controller_id: 'columnStation',
  ck: 'columnCk',
  owner_unit: 'columnOwnerUnit',
  status: 'columnStatus',
  run_state: 'columnRunState',
  model: 'columnControllerModel',
  machine_model: 'columnMachineModel',
  device_number: 'columnDeviceNumber',
  iot_model: 'columnIotModel',
  software: 'columnSoftware',
  iccid: 'columnIccid',
  install_date: 'columnInstallDate',
  expiry_date: 'columnExpiryDate',
  last_seen_at: 'columnLastSeen',
  province: 'columnProvince',
  city: 'columnCity',
  district: 'columnDistrict',
  street: 'columnStreet',
  contact: 'columnContact',
  phone: 'columnPhone',
  remark: 'columnRemark',
} satisfies Record<string, MessageKey>;

/** Sheet names (and file name stems) of the exports. */
export const EXPORT_NAMES = {
  devices: 'exportDevicesSheet',
  faults: 'exportFaultsSheet',
} satisfies Record<string, MessageKey>;
