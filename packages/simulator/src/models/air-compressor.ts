import { AIR_COMPRESSOR as R, COMPRESSOR_FAULT_CODES, COMPRESSOR_SERVICE_HOURS, encodeText, findRegister, type DeviceType } from '@cloudbox/domain';
import { between, hash } from '../random.js';
import type { ControllerModel, Readings, Settings, StepContext } from './model.js';
import { ambientTemperature, clamp, creepShare, dailyLoad, faultCodes, hintCode, jitter, lag, tripCode } from './signals.js';

const LINE_VOLTAGE = 380;
const POWER_FACTOR = 0.87;
/** MPa per second the receiver gains at full surplus of air (or loses at full demand unloaded). */
const PRESSURE_SLOPE = 0.002;
/** The controller keeps the load and unload pressures at least this far apart. */
const MIN_PRESSURE_BAND = 0.05;
const UNLOADED_CURRENT_SHARE = 0.38;
const FAULT_CODES = faultCodes(COMPRESSOR_FAULT_CODES);
const SERVICES = [
  [R.oilFilterRemaining, COMPRESSOR_SERVICE_HOURS.oilFilter, 1],
  [R.airFilterRemaining, COMPRESSOR_SERVICE_HOURS.airFilter, 2],
  [R.separatorRemaining, COMPRESSOR_SERVICE_HOURS.separator, 3],
  [R.oilChangeRemaining, COMPRESSOR_SERVICE_HOURS.oilChange, 4],
] as const;
const HOT_DISCHARGE_ALARM = 5;
const HOT_DISCHARGE_ALARM_AT = 95;
/** Where an injected hot-discharge episode peaks: over the 100 °C alert rule, short of the trip. */
const HOT_DISCHARGE_PEAK = 108;

/**
 * A screw compressor in load/unload control: loaded it fills the receiver until the unload
 * pressure, unloaded the plant draws it down to the load pressure. The plant's demand follows the
 * time of day, so the compressor loads longer in the afternoon. Maintenance counters count down
 * with run hours and go negative when a service is overdue.
 */
export function airCompressor(key: number, deviceType: DeviceType): ControllerModel {
  const ratedCurrent = between(key, 1, 30, 300);
  const remote = hash(key, 2) % 4 !== 0;
  const startHours = between(key, 3, 800, 40_000);
  const serviceDueAt = SERVICES.map(([, interval], index) => startHours + between(key, 10 + index, -40, interval));
  const version = encodeText(`C2.${hash(key, 4) % 6}`, findRegister(deviceType, R.softwareVersion)!);
  const band = hash(key, 5) % 2 === 0 ? [0.65, 0.8] : [0.7, 0.85];
  const state = { pressure: band[1]!, loaded: true, discharge: 0, runHours: startHours, loadHours: startHours * between(key, 6, 0.6, 0.85) };

  const defaults = new Map([
    [R.loadPressure, band[0]!],
    [R.unloadPressure, band[1]!],
    [R.startStop, 1],
  ]);

  function step({ ts, dt, tick, episode }: StepContext, settings: Settings, readings: Readings): void {
    const demand = clamp(dailyLoad(key, ts) * 0.95, 0.2, 0.95);
    const ambient = ambientTemperature(key, ts);
    const faultCode = tripCode(episode, FAULT_CODES);
    const running = settings.get(R.startStop) === 1 && faultCode === 0;
    const loadPressure = settings.get(R.loadPressure)!;
    const unloadPressure = settings.get(R.unloadPressure)!;

    if (!running) state.loaded = false;
    else if (state.loaded && state.pressure >= unloadPressure) state.loaded = false;
    else if (!state.loaded && state.pressure <= loadPressure) state.loaded = true;
    const surplus = state.loaded ? 1 - demand : -demand;
    state.pressure = clamp(state.pressure + surplus * PRESSURE_SLOPE * dt, 0, unloadPressure + 0.02);

    const current = !running ? 0 : state.loaded ? ratedCurrent * (0.85 + (0.15 * state.pressure) / unloadPressure) : ratedCurrent * UNLOADED_CURRENT_SHARE;
    const dischargeTarget = running ? ambient + (state.loaded ? 62 : 48) : ambient;
    state.discharge = tick === 0 ? dischargeTarget : lag(state.discharge, dischargeTarget, dt, 300);
    const hot = (HOT_DISCHARGE_PEAK - state.discharge) * creepShare(episode);
    const discharge = state.discharge + hot;
    if (running) state.runHours += dt / 3600;
    if (state.loaded) state.loadHours += dt / 3600;

    const voltage = LINE_VOLTAGE + jitter(key, tick, 1, 4);
    readings.set(R.dischargePressure, state.pressure + jitter(key, tick, 2, 0.005));
    readings.set(R.dischargeTemperature, discharge + jitter(key, tick, 3, 0.3));
    readings.set(R.oilTemperature, discharge - 6 + jitter(key, tick, 4, 0.3));
    readings.set(R.motorCurrent, current * (1 + jitter(key, tick, 5, 0.01)));
    readings.set(R.supplyVoltage, voltage);
    readings.set(R.power, (Math.sqrt(3) * voltage * current * POWER_FACTOR) / 1000);
    readings.set(R.runHours, Math.floor(state.runHours));
    readings.set(R.loadHours, Math.floor(state.loadHours));
    const remaining = SERVICES.map(([register], index) => {
      const hours = Math.round(serviceDueAt[index]! - state.runHours);
      readings.set(register, hours);
      return hours;
    });
    const due = SERVICES.find((_, index) => remaining[index]! <= 0);
    const alarmCode = discharge > HOT_DISCHARGE_ALARM_AT ? HOT_DISCHARGE_ALARM : (due?.[2] ?? 0);
    readings.set(R.faultCode, faultCode);
    readings.set(R.alarmCode, alarmCode);
    readings.set(R.hintCode, hintCode(key, ts));
    readings.set(R.softwareVersion, version.ok ? version.raw : 0);

    readings.set(R.running, running ? 1 : 0);
    readings.set(R.loaded, state.loaded ? 1 : 0);
    readings.set(R.remote, remote ? 1 : 0);
    readings.set(R.fault, faultCode === 0 ? 0 : 1);
    readings.set(R.alarm, alarmCode === 0 ? 0 : 1);
  }

  /** Load pressure must stay below unload pressure, or the compressor would never unload. */
  function acceptsWrite(register: number, value: number, settings: Settings): boolean {
    if (register === R.loadPressure) return value <= settings.get(R.unloadPressure)! - MIN_PRESSURE_BAND;
    if (register === R.unloadPressure) return value >= settings.get(R.loadPressure)! + MIN_PRESSURE_BAND;
    return true;
  }

  return { defaults, step, acceptsWrite };
}
