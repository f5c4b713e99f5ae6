import type {
  ChartRegisterOption,
  DeviceTypeCharts,
  GaugeInput,
  GaugeSetting,
  StackedChartInput,
  StackedChartSetting,
  StopStateInput,
  StopStateSetting,
} from '@cloudbox/domain';
import { arrivedAhead, request } from '../utils/request';

/** Chart settings of device types: root's /chart-settings, and what every user's pages draw (/device-types/:id/charts). */

const byType = (deviceType: string | undefined) => ({ params: deviceType ? { device_type: deviceType } : {} });
const type = (deviceType: string) => encodeURIComponent(deviceType);

const typeChartsPath = (deviceType: string) => `/device-types/${type(deviceType)}/charts`;
export const getTypeCharts = (deviceType: string) => request<DeviceTypeCharts>(typeChartsPath(deviceType));
/** The charts `getTypeCharts(deviceType)` read ahead, if they have arrived (taken over once). */
export const arrivedTypeCharts = (deviceType: string) => arrivedAhead<DeviceTypeCharts>(typeChartsPath(deviceType));
export const listChartRegisters = (deviceType: string) => request<ChartRegisterOption[]>('/chart-settings/registers', byType(deviceType));

export const listGauges = (deviceType?: string) => request<GaugeSetting[]>('/chart-settings/gauges', byType(deviceType));
export const createGauge = (input: GaugeInput) => request<GaugeSetting>('/chart-settings/gauges', { method: 'POST', data: input });
export const updateGauge = (id: number, input: GaugeInput) => request<GaugeSetting>(`/chart-settings/gauges/${id}`, { method: 'PUT', data: input });
export const deleteGauge = (id: number) => request<null>(`/chart-settings/gauges/${id}`, { method: 'DELETE' });

export const listStackedCharts = (deviceType?: string) => request<StackedChartSetting[]>('/chart-settings/stacked-charts', byType(deviceType));
export const createStackedChart = (input: StackedChartInput) => request<StackedChartSetting>('/chart-settings/stacked-charts', { method: 'POST', data: input });
export const updateStackedChart = (id: number, input: StackedChartInput) =>
  request<StackedChartSetting>(`/chart-settings/stacked-charts/${id}`, { method: 'PUT', data: input });
export const deleteStackedChart = (id: number) => request<null>(`/chart-settings/stacked-charts/${id}`, { method: 'DELETE' });

export const listStopStates = (deviceType?: string) => request<StopStateSetting[]>('/chart-settings/stop-states', byType(deviceType));
export const setStopState = (deviceType: string, input: StopStateInput) =>
  request<StopStateSetting>(`/chart-settings/stop-states/${type(deviceType)}`, { method: 'PUT', data: input });
export const deleteStopState = (deviceType: string) => request<null>(`/chart-settings/stop-states/${type(deviceType)}`, { method: 'DELETE' });
