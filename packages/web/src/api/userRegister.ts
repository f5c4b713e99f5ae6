import type {
  AddHelperInput,
  AddManagerInput,
  ChangeHelperInfoInput,
  CkUserView,
  ScanMode,
  HelperType,
  ManagedUserView,
  PermissionTemplateView,
  PrivilegeLevelView,
  RelationDevicePage,
  ServiceSwitchUsers,
  SharePermission,
} from '@cloudbox/domain';
import { request } from '../utils/request';

/** The calls of SPEC.md section 7 under /user_register and /device_user_permission. */

export interface DevicePageParams {
  keyword?: string;
  page: number;
  page_size: number;
}

type Changed = { changed: number };

const get = <T>(path: string, params?: Record<string, string | number | undefined>) => request<T>(`/user_register/${path}`, { params });
const post = <T>(path: string, data: unknown) => request<T>(`/user_register/${path}`, { method: 'POST', data });

export const getPrivilegeLevel = () => get<PrivilegeLevelView>('get_privilege_level');
export const getLevelModels = (level?: number) => get<PermissionTemplateView[]>('get_level_models', { level });
export const getHelperTypes = () => get<HelperType[]>('get_helper_types');
export const getHelpers = () => get<ManagedUserView[]>('get_helpers');
export const getManagers = () => get<ManagedUserView[]>('get_managers');
export const getDevCkUsers = (deviceId: string) => get<CkUserView[]>('get_dev_ck_users', { device_id: deviceId });
export const checkRecall = (deviceId: string) => get<{ can_recall: boolean }>('check_recall_dev_ck', { device_id: deviceId });

export const getSharedDevices = (userId: number, params: DevicePageParams) => get<RelationDevicePage>('get_shared_devices', { user_id: userId, ...params });
export const getUnsharedDevices = (userId: number, params: DevicePageParams) => get<RelationDevicePage>('get_unshared_devices', { user_id: userId, ...params });
export const getAssignedDevices = (userId: number, params: DevicePageParams) => get<RelationDevicePage>('get_assigned_devices', { user_id: userId, ...params });
export const getOwnDevices = (params: DevicePageParams) => get<RelationDevicePage>('get_unassigned_devices', { ...params });

export const addHelper = (input: AddHelperInput) => post<ManagedUserView>('add_helper', input);
export const addManager = (input: AddManagerInput) => post<ManagedUserView>('add_next_manager', input);
export const deleteHelper = (helperId: number) => get<null>('del_helper', { helper_id: helperId });
export const changeHelperPassword = (helperId: number, password: string) =>
  post<null>('change_helper_password', { helper_id: helperId, password, password_repeat: password });
export const changeHelperInfo = (input: ChangeHelperInfoInput) => post<ManagedUserView>('change_helper_info', input);
export const changeHelperModel = (helperId: number, templateId: number | null) =>
  post<ManagedUserView>('change_helper_model', { helper_id: helperId, template_id: templateId });
export const changeManagerModel = (managerId: number, templateId: number | null) =>
  post<ManagedUserView>('change_manager_model', { manager_id: managerId, template_id: templateId });
export const setShield = (shield: boolean) => post<PrivilegeLevelView>('set_shield', { shield });

export const shareDevice = (deviceId: string, userId: number, permission: SharePermission) =>
  post<Changed>('share_device', { device_id: deviceId, user_id: userId, permission });
export const shareAllDevices = (userId: number, permission: SharePermission) => post<Changed>('share_all_device', { user_id: userId, permission });
export const recallShare = (deviceId: string, userId: number) => post<Changed>('recall_shared_device', { device_id: deviceId, user_id: userId });
export const recallAllShares = (userId: number) => post<Changed>('recall_all_shared_device', { user_id: userId });
export const assignDevices = (deviceIds: string[], userId: number) => post<Changed>('batch_assign_devices', { device_ids: deviceIds, user_id: userId });
export const recallAssigned = (deviceId: string) => post<Changed>('recall_assigned_device', { device_id: deviceId });
export const recallAllAssigned = (userId: number) => post<Changed>('recall_all_assigned_device', { user_id: userId });
/** add-device; `scanMode`: how the id was read from the box's QR code (the server records a QR binding). */
export const bindDevice = (deviceId: string, ck: string, scanMode?: ScanMode) =>
  post<null>('register_device_to_user', { device_id: deviceId, ck, ...(scanMode && { scan_mode: scanMode }) });
export const unbindDevices = (deviceIds: string[]) => post<Changed>('delete_device', { device_ids: deviceIds });

const permission = (path: string, data: unknown) => request<Changed>(`/device_user_permission/${path}`, { method: 'POST', data });
export const grantSwitch = (deviceId: string, userId: number) => permission('add_device_user_permission', { device_id: deviceId, user_id: userId });
export const revokeSwitch = (deviceId: string, userId: number) => permission('del_device_user_permission', { device_id: deviceId, user_id: userId });
export const grantSwitchAll = (userId: number) => permission('add_all_device_user_permission', { user_id: userId });
export const revokeSwitchAll = (userId: number) => permission('del_all_device_user_permission', { user_id: userId });
/** The service staff of the box's CK with their switch grants, its top owner, and whether the caller may authorise them. */
export const getServiceSwitchUsers = (deviceId: string) =>
  request<ServiceSwitchUsers>('/device_user_permission/get_service_switch_users', { params: { device_id: deviceId } });
