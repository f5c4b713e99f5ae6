import { describe, expect, it } from 'vitest';
import { dayParam, devicePath, deviceScreens, faultDetailsPath } from './device-links';

const maglev = { box_id: '860100002', controller_id: 1, device_type: 'maglev_blower' };
const plc = { box_id: '860100003', controller_id: 2, device_type: 'generic_plc' };
const compressor = { box_id: '860100001', controller_id: 1, device_type: 'air_compressor' };

describe('device screen paths', () => {
  it('open the live screen of the device type’s page template', () => {
    expect(devicePath(maglev, 'live')).toBe('/devices/maglev-controller/860100002/1');
    expect(devicePath(plc, 'live')).toBe('/devices/plcController/860100003/2');
    expect(devicePath(compressor, 'live')).toBe('/devices/controller/860100001/1');
  });

  it('pick the history and curve screens of the device kind', () => {
    expect(devicePath(plc, 'history')).toBe('/devices/plcHistory/860100003/2');
    expect(devicePath(compressor, 'history')).toBe('/devices/history/860100001/1');
    expect(devicePath(maglev, 'curves', '20261122')).toBe('/devices/maglev-charts/860100002/20261122?controller=1');
    expect(devicePath(plc, 'curves', '20261122')).toBe('/devices/history-charts/860100003/20261122?controller=2');
  });

  it('offer the operating region for maglev blowers only, and just the box for an unregistered box', () => {
    expect(deviceScreens(maglev)).toContain('region');
    expect(deviceScreens(compressor)).not.toContain('region');
    expect(deviceScreens({ box_id: '1', controller_id: null, device_type: null })).toEqual(['box']);
  });

  it('name days as YYYYMMDD and faults by their start time', () => {
    expect(dayParam(new Date(2026, 10, 22, 23, 59))).toBe('20261122');
    expect(faultDetailsPath({ box_id: '7', controller_id: 3, started_at: '2026-11-22T10:00:00.000Z' })).toBe(
      '/devices/error-details/7/1795341600000?controller=3',
    );
  });
});
