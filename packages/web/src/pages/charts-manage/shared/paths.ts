/** Where a device type's stop state is set (one per type, so the type names it). */
export const stopEditPath = (deviceType: string) => `/chartsManage/add-stop-status?device_type=${encodeURIComponent(deviceType)}`;
